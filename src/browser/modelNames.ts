/**
 * Model names (pure): how a requested model is matched against what a site's picker offers,
 * and how the page's current-model evidence is judged to name an option.
 *
 * Matching a request, level by level; the first level with any match decides, and more than
 * one option at that level is ambiguous (refused, never guessed):
 *   1. exact        the option's name or alias equals the request (spaces collapsed);
 *   2. same words   the same words, ignoring case and punctuation ("gpt 5.5" = "GPT-5.5");
 *   3. whole words  the request's words appear, in order and adjacent, among the option's
 *                   ("sonnet" → "Sonnet 5"; "GPT" → GPT-5.6 Sol, GPT-5.5, … = ambiguous).
 * A version number is one word: "5" is not a word of "Haiku 4.5".
 *
 * Evidence naming: an evidence text (an aria-label or a label's text) names an option when the
 * option's words appear in it ("Model: Sonnet 5 Medium" names "Sonnet 5") or when its words end
 * the option's words (Gemini's "Pro" names "3.1 Pro"; "Flash" names "3.5 Flash", not
 * "3.1 Flash-Lite"). It names the chosen option only if no other offered option is named as
 * strongly (more matching words win).
 */

/**
 * Words of a name, lower-cased: runs of letters and digits, a version number with its dots being
 * one word ("GPT-5.5" → gpt, 5.5; "3.1 Flash-Lite" → 3.1, flash, lite), so that "5" is not a word
 * of "Haiku 4.5" and "GPT-5" is not "GPT-5.5".
 */
export function nameWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:\.\p{N}+)*/gu) ?? [];
}

/** A name with spaces collapsed, for the exact level. */
function collapsed(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Something a picker offers: a display name and the other names it answers to (a model id). */
export interface NamedChoice {
  name: string;
  aliases?: readonly string[];
}

/** The outcome of matching a request. */
type NameMatch<T> =
  | { kind: 'match'; choice: T; level: 'exact' | 'sameWords' | 'wholeWords' }
  | { kind: 'ambiguous'; choices: T[] }
  | { kind: 'none' };

/** True when `needle` appears in `haystack` as adjacent words, in order. */
function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

function namesOf(choice: NamedChoice): string[] {
  return [choice.name, ...(choice.aliases ?? [])].filter((name) => name.trim() !== '');
}

/** The choice the request names: exact, then the same words, then whole words; ambiguous when a level has several. */
export function matchModelName<T extends NamedChoice>(requested: string, choices: readonly T[]): NameMatch<T> {
  const wanted = collapsed(requested);
  const wantedWords = nameWords(requested);
  if (wantedWords.length === 0) return { kind: 'none' };
  const levels: Array<['exact' | 'sameWords' | 'wholeWords', (name: string) => boolean]> = [
    ['exact', (name) => collapsed(name) === wanted],
    ['sameWords', (name) => nameWords(name).join(' ') === wantedWords.join(' ')],
    ['wholeWords', (name) => containsRun(nameWords(name), wantedWords)],
  ];
  for (const [level, test] of levels) {
    const found = choices.filter((choice) => namesOf(choice).some(test));
    if (found.length === 1) return { kind: 'match', choice: found[0]!, level };
    if (found.length > 1) return { kind: 'ambiguous', choices: found };
  }
  return { kind: 'none' };
}

/**
 * How strongly one evidence text names a choice: the number of its words that match when the
 * choice's words appear in the evidence, or when the evidence's words end the choice's; 0 when
 * neither.
 */
export function namingStrength(evidence: string, choice: NamedChoice): number {
  const evidenceWords = nameWords(evidence);
  if (evidenceWords.length === 0) return 0;
  let best = 0;
  for (const name of namesOf(choice)) {
    const words = nameWords(name);
    if (containsRun(evidenceWords, words)) best = Math.max(best, words.length);
    const tail = words.slice(words.length - evidenceWords.length);
    if (evidenceWords.length <= words.length && tail.join(' ') === evidenceWords.join(' ')) best = Math.max(best, evidenceWords.length);
  }
  return best;
}

/**
 * True when one of the evidence texts names `chosen`, and names it more strongly than any
 * other offered choice (each text is judged on its own: one element may show the model and
 * another the mode).
 */
export function evidenceNames(evidence: readonly string[], choices: readonly NamedChoice[], chosen: NamedChoice): boolean {
  return evidence.some((text) => {
    const strength = namingStrength(text, chosen);
    return strength > 0 && choices.every((other) => other === chosen || namingStrength(text, other) < strength);
  });
}
