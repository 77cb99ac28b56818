/**
 * The error a workspace configuration file (a chat mode, a prompt file) gets when it cannot be
 * used: a ConfigurationError whose message starts with the file (and the mode, when there is
 * one), so the user can find and fix it. The file, and the mode, are in `context` too.
 */
import { ConfigurationError } from '../core/errors';

export function configFileError(file: string, problem: string, context: { mode?: string; [key: string]: unknown } = {}): ConfigurationError {
  const where = context.mode === undefined ? file : `${file}, mode "${context.mode}"`;
  return new ConfigurationError(`${where}: ${problem}`, { context: { file, ...context } });
}
