/**
 * `isComplete` for a streaming backend: true once the streamed text holds a complete tool
 * call. One incremental stream parser is fed only what was appended since the last check
 * (linear over the whole reply); a rewrite (text that does not extend the old) starts over.
 */
import type { PTKParser } from '../protocol';

export function createCompletionCheck(parser: PTKParser): (textSoFar: string) => boolean {
  let stream = parser.stream();
  let fed = '';
  return (textSoFar: string) => {
    if (!textSoFar.startsWith(fed)) {
      stream = parser.stream();
      fed = '';
    }
    if (textSoFar.length > fed.length) {
      stream.push(textSoFar.slice(fed.length));
      fed = textSoFar;
    }
    return stream.hasCompleteCall();
  };
}
