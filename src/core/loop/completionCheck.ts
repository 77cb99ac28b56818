/**
 * `isComplete` for a streaming backend: true once the streamed text holds a complete tool
 * call. One ReplyStream reads the reply (see src/core/protocol/replyStream.ts): fed only what was
 * appended since the last check (linear over the whole reply); a rewrite starts over.
 */
import type { StreamDelta } from '../ports';
import type { PTKParser } from '../protocol';
import { ReplyStream } from '../protocol/replyStream';

export function createCompletionCheck(parser: PTKParser): (textSoFar: string, delta?: StreamDelta) => boolean {
  const reply = new ReplyStream(parser);
  return (textSoFar: string, delta?: StreamDelta) => reply.isComplete(textSoFar, delta);
}
