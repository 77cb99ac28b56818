/**
 * The token estimate the provider reports (provideTokenCount). A web chat's tokenizer is not
 * known from outside the page, so this counts characters: about four per token, the usual
 * average of English prose and code for the large models' tokenizers. Callers use it to fit a
 * conversation to `maxInputTokens`, which is derived from the site's prompt limit the same way,
 * so the two stay consistent (a message is counted as the transcript shows it: see
 * WebChatLanguageModel.countMessageTokens).
 */
import { DEFAULTS } from '../constants';

/** Estimated tokens of a text. */
export function estimateTokenCount(text: string): number {
  return estimateTokensOfLength(text.length);
}

/** Estimated tokens of a text of `characters` characters (rounded up). */
export function estimateTokensOfLength(characters: number): number {
  return Math.ceil(characters / DEFAULTS.providerCharsPerToken);
}

/** The input limit in tokens for a prompt limit in characters. */
export function tokensForCharacters(characters: number): number {
  return Math.floor(characters / DEFAULTS.providerCharsPerToken);
}
