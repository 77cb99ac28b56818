/**
 * One call of the LLM manager for a turn. The call gets the run's signal and is raced with it
 * (a backend that ignores the signal cannot hang the task). Its reply is read once as it streams,
 * by one ReplyStream: it answers `isComplete` (a streaming backend may stop once a complete tool
 * call arrived) and puts the prose on each delta handed on to `onDelta` (ReplyDelta), so no
 * consumer scans the reply again. Its failures are classified once:
 * cancellation stays the signal's error; anything else is the backend's fault, an
 * LLMBackendError(LLM_CALL_FAILED) whose cause is what the backend threw. A wait the backend
 * reports (`onWaiting`) is passed on only when it changes, and always ends with the call: a
 * backend that fails or is cancelled while waiting leaves no "waiting" shown.
 */
import { errorMessage, LLMBackendError, PTKErrorCode } from '../errors';
import type { ILLMManager, PromptAttachment, StreamDelta } from '../ports';
import type { PTKParser } from '../protocol/parser';
import { ReplyStream, type ReplyDelta } from '../protocol/replyStream';
import { abortErrorOf, raceWithSignal, throwIfAborted } from '../util/abortSignals';
import type { TurnPrompt } from './turnPrompt';

export interface ModelCallInput {
  llmManager: ILLMManager;
  turnPrompt: TurnPrompt;
  parser: PTKParser;
  signal: AbortSignal | undefined;
  /** Each delta with the prose read from it. */
  onDelta?: (delta: ReplyDelta) => void;
  /** Told when the call starts (true) and stops (false) waiting for the backend. */
  onWaiting?: (waiting: boolean) => void;
  model?: string;
  temperature?: number;
  /** The site the call asks for (a router of several sites starts there). */
  site?: string;
  /** Files sent with this call's prompt (the task's first call only). */
  attachments?: readonly PromptAttachment[];
  /** The turn's number, kept in the error's context. */
  iteration: number;
}

/** The model's reply; throws the signal's error when cancelled, else LLMBackendError(LLM_CALL_FAILED). */
export async function callModel(input: ModelCallInput): Promise<string> {
  const { signal } = input;
  const wait = waitReporter(input.onWaiting);
  const replyStream = new ReplyStream(input.parser);
  const onDelta = input.onDelta;
  let reply: unknown;
  try {
    reply = await raceWithSignal(input.llmManager.call(input.turnPrompt.prompt, {
      signal,
      onDelta: onDelta && ((delta: StreamDelta) => {
        replyStream.push(delta);
        onDelta({ ...delta, prose: replyStream.proseChange(), reply: replyStream });
      }),
      isComplete: (textSoFar: string, delta?: StreamDelta) => replyStream.isComplete(textSoFar, delta),
      model: input.model,
      temperature: input.temperature,
      thread: input.turnPrompt.thread,
      ...(wait ? { onWaiting: wait.report } : {}),
      ...(input.site !== undefined ? { site: input.site } : {}),
      ...(input.attachments ? { attachments: input.attachments } : {}),
    }), signal);
  } catch (error) {
    if (signal?.aborted) throw abortErrorOf(signal);
    const backendError = error instanceof LLMBackendError ? error : undefined;
    throw new LLMBackendError(`LLM call failed: ${errorMessage(error)}`, {
      code: PTKErrorCode.LLM_CALL_FAILED,
      cause: error,
      retryAfterMs: backendError?.retryAfterMs,
      recoverable: backendError?.recoverable,
      context: { iteration: input.iteration },
    });
  } finally {
    wait?.end();
  }
  throwIfAborted(signal);
  if (typeof reply !== 'string') {
    throw new LLMBackendError('LLM call failed: the LLM manager returned no text.', { code: PTKErrorCode.LLM_CALL_FAILED, context: { iteration: input.iteration } });
  }
  return reply;
}

/** Passes on changes of the waiting state only, and `end()` closes a wait still open. */
function waitReporter(onWaiting: ((waiting: boolean) => void) | undefined): { report: (waiting: boolean) => void; end: () => void } | undefined {
  if (!onWaiting) return undefined;
  let waiting = false;
  const report = (next: boolean): void => {
    if (next === waiting) return;
    waiting = next;
    onWaiting(next);
  };
  return { report, end: () => report(false) };
}
