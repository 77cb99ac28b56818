/**
 * The interfaces the core needs from the outside world. Adapters implement them:
 * the browser backend (src/browser) implements ChatModel; src/host/* implement
 * the workspace and stores. The design documents' names for them (`ILLMManager`,
 * `IToolManager`, `IContextManager`) are kept as type aliases at the end of this file.
 */
import type { PTKMessage, PTKTool, PTKToolResult, ToolContext } from './types';

/** One streamed update from the backend. */
export interface StreamDelta {
  /** Text appended since the previous delta ('' for a rewrite). */
  text: string;
  /** The whole answer so far. */
  full: string;
  /** True when the answer changed other than by appending (the site re-rendered it). */
  rewrite: boolean;
}

/**
 * A file sent with a prompt through the site's own upload (an image pasted in the chat view, a
 * text file). `data` is the file's bytes; `name` is what the site shows on its chip.
 */
export interface PromptAttachment {
  name: string;
  /** MIME type, e.g. 'image/png', 'text/plain'. */
  mimeType: string;
  data: Uint8Array;
}

export interface LLMCallOptions {
  signal?: AbortSignal;
  /** Streaming progress, for the UI. */
  onDelta?: (delta: StreamDelta) => void;
  /**
   * Asked with the streamed text so far; true means the answer already holds what
   * the loop needs (a complete tool call), so the backend may stop generation and
   * return that text at once. `delta`, when the backend passes it, is the delta just given to
   * `onDelta` for this text: the check then reads only the appended text.
   */
  isComplete?: (textSoFar: string, delta?: StreamDelta) => boolean;
  model?: string;
  temperature?: number;
  /**
   * Thread-keeping backends only. `newThread` asks for a fresh chat (the first turn of a task).
   * `fullTranscript` gives the whole (compacted) task state, used when the backend must roll
   * over to a new chat because the site says the conversation is too long.
   */
  thread?: {
    newThread: boolean;
    fullTranscript: () => string;
    /**
     * The conversation the call belongs to (a task's or a provider thread's id), when the caller
     * says so. A backend with several chats (tabs, sites) continues the chat that holds this
     * conversation; when no chat holds it, it starts a new one with `fullTranscript()`.
     */
    key?: string;
  };
  /**
   * Called with true when the call starts waiting for the backend (e.g. every tab of the site is
   * busy with other calls), and with false when it stops waiting (it got a tab, or it was
   * cancelled). Not called for a call that never waits.
   */
  onWaiting?: (waiting: boolean) => void;
  /**
   * The site the call should go to, when the caller chose one (a language-model consumer picked
   * that site's model); a backend of one site ignores it, the site router starts there.
   */
  site?: string;
  /**
   * With `site`: the call goes to that site alone (a consultation of another site): no other
   * site takes it over and nothing waits for one; a failure there is the call's failure.
   */
  stayOnSite?: boolean;
  /**
   * Files to send with the prompt. A backend uploads them before it sends the prompt and sends
   * nothing if one fails (ATTACHMENT_REFUSED, ATTACHMENT_NOT_CONFIRMED); a backend that cannot
   * upload refuses the call (ATTACHMENT_UNSUPPORTED).
   */
  attachments?: readonly PromptAttachment[];
}

/** The model backend (the "LLM manager"): makes one model call and returns the reply text. */
export interface ChatModel {
  /**
   * True for backends that keep their own conversation (a chat tab): the loop then sends
   * only what is new since the last turn, with the system prompt once at the start.
   */
  readonly keepsThread?: boolean;
  call(prompt: string, options?: LLMCallOptions): Promise<string>;
}

/** Middleware around tool execution: `use((toolCall, next) => …)` may log, time, change or reject a call. */
export type ToolMiddleware = (
  toolCall: { tool: string; args: Record<string, unknown>; id?: string },
  next: () => Promise<PTKToolResult>,
) => Promise<PTKToolResult>;

/** The tool manager: knows the tools and runs them. */
export interface ToolManager {
  registerTool(tool: PTKTool): void;
  getTool(name: string): PTKTool | undefined;
  listTools(): PTKTool[];
  use(middleware: ToolMiddleware): void;
  /** Runs a tool (through the middleware); never throws for tool failures: returns success false. */
  execute(name: string, args: Record<string, unknown>, context: ToolContext): Promise<PTKToolResult>;
}

/** The context manager: stores a task's transcript by conversation id, so a later task can continue it. */
export interface ConversationStore {
  load(conversationId: string): Promise<PTKMessage[]>;
  save(conversationId: string, messages: PTKMessage[]): Promise<void>;
  list(): Promise<string[]>;
  delete(conversationId: string): Promise<void>;
}

export type { Workspace } from './workspace';

// The design documents' names of the ports, so code written against them compiles unchanged.
/** The design documents' name of {@link ChatModel}. */
export type ILLMManager = ChatModel;
/** The design documents' name of {@link ToolManager}. */
export type IToolManager = ToolManager;
/** The design documents' name of {@link ConversationStore}. */
export type IContextManager = ConversationStore;
