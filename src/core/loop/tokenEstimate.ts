/** Token estimates for the result's totals: about four characters per token. */

/** Estimated tokens of `characters` characters. */
export function charactersToTokens(characters: number): number {
  return Math.ceil(characters / 4);
}
