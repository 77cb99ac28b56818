/**
 * Lone UTF-16 surrogates: half of a surrogate pair with no other half. UTF-8 cannot encode them,
 * so a file written from such text gets U+FFFD in their place. The write tools replace them
 * themselves (the user approves the text that is really written) and tell the model, whose
 * text changed.
 */

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text with every lone surrogate replaced by U+FFFD, and how many there were. */
interface WellFormedText {
  text: string;
  loneSurrogates: number;
}

/** Replaces lone surrogates by U+FFFD (the string keeps its length) and counts them. */
export function replaceLoneSurrogates(text: string): WellFormedText {
  let loneSurrogates = 0;
  const wellFormed = text.replace(LONE_SURROGATE, () => {
    loneSurrogates++;
    return '\uFFFD';
  });
  return { text: wellFormed, loneSurrogates };
}

/** The sentence the write tools add to their result when text had lone surrogates. */
export function loneSurrogateNote(count: number): string {
  return `The content had ${count} lone UTF-16 surrogate${count === 1 ? '' : 's'} (half of a surrogate pair, not valid Unicode); ${count === 1 ? 'it was' : 'they were'} written as U+FFFD (\uFFFD).`;
}
