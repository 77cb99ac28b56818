/**
 * The call tag names, from one place: the tag the model is taught (DEFAULTS.tagName, or the
 * one configured), the other built-in tag a reply may still use, and the rule every tag name
 * follows. The parser, the formatter, both hosts and the chat view take their tags from here.
 */
import { DEFAULTS } from '../constants';
import { ConfigurationError } from '../errors';

const TAG_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/**
 * The tags a reply may use: `tagName` first (the one taught and named in error messages),
 * then the built-in tags TOOL_CALL and PTK_CALL that are not already it (any case).
 */
export function protocolTags(tagName: string = DEFAULTS.tagName): readonly string[] {
  const builtIn = [DEFAULTS.tagName, DEFAULTS.alternateTagName].filter((name) => name.toUpperCase() !== tagName.toUpperCase());
  return [tagName, ...builtIn];
}

/** Throws a ConfigurationError (CONFIG_INVALID) unless `name` is letters, digits and _ (at most 32, not starting with a digit). */
export function assertTagName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !TAG_NAME.test(name)) {
    throw new ConfigurationError(`Invalid tag name "${String(name)}": use letters, digits and _ (at most 32, not starting with a digit).`);
  }
}
