/**
 * The token estimate the provider reports (provideTokenCount). A web chat's tokenizer is not
 * known from outside the page, so this counts characters: about four per token, the usual
 * average of English prose and code for the large models' tokenizers. Callers use it to fit a
 * conversation to `maxInputTokens`, which is derived from the site's prompt limit the same way,
 * so the two stay consistent.
 */
import { DEFAULTS } from '../constants';
import type { ProviderMessage } from './providerMessages';

/** Estimated tokens of a text. */
export function estimateTokenCount(text: string): number {
  return Math.ceil(text.length / DEFAULTS.providerCharsPerToken);
}

/** Estimated tokens of a message: its text, its calls as JSON and its results. */
export function estimateMessageTokens(message: ProviderMessage): number {
  let characters = 0;
  for (const part of message.parts) {
    if (part.type === 'text') characters += part.text.length;
    else if (part.type === 'toolCall') characters += part.name.length + JSON.stringify(part.input).length;
    else characters += part.text.length;
  }
  return Math.ceil(characters / DEFAULTS.providerCharsPerToken);
}

/** The input limit in tokens for a prompt limit in characters. */
export function tokensForCharacters(characters: number): number {
  return Math.floor(characters / DEFAULTS.providerCharsPerToken);
}
