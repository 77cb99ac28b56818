/**
 * `isComplete` for a streaming backend: true once the streamed text holds a complete tool
 * call. One incremental stream parser is fed only what was appended since the last check
 * (linear over the whole reply); a rewrite (text that does not extend the old) starts over.
 * A backend that passes the delta with the text saves even the comparison with the text fed
 * so far: an append is known from its length.
 */
import type { StreamDelta } from '../ports';
import type { PTKParser } from '../protocol';

export function createCompletionCheck(parser: PTKParser): (textSoFar: string, delta?: StreamDelta) => boolean {
  let stream = parser.stream();
  return (textSoFar: string, delta?: StreamDelta) => {
    const fed = stream.text;
    if (delta && !delta.rewrite && fed.length + delta.text.length === textSoFar.length) {
      stream.push(delta.text);
      return stream.hasCompleteCall();
    }
    if (!textSoFar.startsWith(fed)) stream = parser.stream();
    if (textSoFar.length > stream.text.length) stream.push(textSoFar.slice(stream.text.length));
    return stream.hasCompleteCall();
  };
}
