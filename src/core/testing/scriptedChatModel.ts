/**
 * ScriptedChatModel: a fake LLM manager for tests and the demo. It answers from a list of
 * replies (or a function of the prompt) and records every call: what it was sent, the
 * attachments that came with it, and the options. Supports thread mode (`keepsThread`), streaming deltas and `isComplete`.
 */
import { LLMBackendError, PTKAbortError, PTKErrorCode } from '../errors';
import { abortableSleep, raceWithSignal } from '../util/abortSignals';
import type { ILLMManager, LLMCallOptions, PromptAttachment } from '../ports';

/** A scripted reply: text, an error to throw, or a function of the call. */
export type ScriptedReply = string | Error | ((prompt: string, call: RecordedCall) => string | Error | Promise<string>);

/** One call the model received. */
export interface RecordedCall {
  /** 0-based position of the call. */
  index: number;
  prompt: string;
  options: LLMCallOptions;
  /** `thread.newThread` of the call (thread mode). */
  newThread?: boolean;
  /** The files sent with this call's prompt (`options.attachments`; empty when none). */
  attachments: readonly PromptAttachment[];
  /** What the model answered (after `isComplete` cut it short), when it answered. */
  reply?: string;
}

export interface ScriptedChatModelOptions {
  /** Behave as a chat tab that keeps its own thread (default false). */
  keepsThread?: boolean;
  /** Stream each reply in chunks of this many characters through onDelta / isComplete (default: one chunk). */
  chunkSize?: number;
  /** What to answer once the script is used up (default: throw). */
  whenExhausted?: ScriptedReply;
  /** Wait this many ms before answering (honours the signal). */
  delayMs?: number;
}

export class ScriptedChatModel implements ILLMManager {
  readonly keepsThread: boolean;
  /** Every call, in order. */
  readonly calls: RecordedCall[] = [];
  private readonly script: ScriptedReply[];

  constructor(replies: ScriptedReply[] | ((prompt: string, call: RecordedCall) => string | Error | Promise<string>), private readonly options: ScriptedChatModelOptions = {}) {
    this.script = Array.isArray(replies) ? [...replies] : [];
    if (!Array.isArray(replies)) this.options = { ...options, whenExhausted: replies };
    this.keepsThread = options.keepsThread ?? false;
  }

  /** The prompts received, in order. */
  get prompts(): string[] {
    return this.calls.map((call) => call.prompt);
  }

  /** Every attachment received, over every call, in order. */
  get attachmentsReceived(): PromptAttachment[] {
    return this.calls.flatMap((call) => call.attachments);
  }

  /** Characters received over every call. */
  get charactersSent(): number {
    return this.calls.reduce((sum, call) => sum + call.prompt.length, 0);
  }

  async call(prompt: string, options: LLMCallOptions = {}): Promise<string> {
    const recorded: RecordedCall = { index: this.calls.length, prompt, options, newThread: options.thread?.newThread, attachments: [...(options.attachments ?? [])] };
    this.calls.push(recorded);
    if (options.signal?.aborted) throw new PTKAbortError();
    if (this.options.delayMs) await abortableSleep(this.options.delayMs, options.signal);
    const next = this.script.length > 0 ? this.script.shift()! : this.options.whenExhausted;
    if (next === undefined) {
      throw new LLMBackendError(`ScriptedChatModel: no reply scripted for call ${recorded.index + 1}.`, { code: PTKErrorCode.SITE_ERROR, recoverable: false });
    }
    const produced = typeof next === 'function' ? await raceWithSignal(Promise.resolve(next(prompt, recorded)), options.signal) : next;
    if (produced instanceof Error) throw produced;
    const reply = this.stream(produced, options);
    recorded.reply = reply;
    return reply;
  }

  private stream(reply: string, options: LLMCallOptions): string {
    const chunkSize = this.options.chunkSize ?? Math.max(1, reply.length);
    let full = '';
    for (let offset = 0; offset < reply.length; offset += chunkSize) {
      const text = reply.slice(offset, offset + chunkSize);
      full += text;
      const delta = { text, full, rewrite: false };
      options.onDelta?.(delta);
      if (options.isComplete?.(full, delta)) return full;
    }
    return reply;
  }
}

