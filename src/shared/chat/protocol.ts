/**
 * The typed messages between the extension host and the chat webview (both sides import
 * this file; it imports neither 'vscode' nor the DOM). Every message is a discriminated
 * union on `type`, checked on arrival: a malformed message is refused with a specific
 * reason instead of half-handled.
 *
 * The schemas use `zod/mini`, the tree-shakable build of zod with the same checks: the
 * webview bundles only the validators it uses (about 25 KB) instead of all of zod (about
 * 450 KB), and the host checks with the very same schemas.
 */
import * as z from 'zod/mini';
import { en as englishMessages } from 'zod/locales';
import { ContextMentionSchema, MAX_MENTIONS_PER_MESSAGE, MentionKindSchema, MentionSuggestionSchema, type ContextMention } from './mentions';
import { AttachmentInfoSchema, ImageAttachmentListSchema, type AttachmentInfo } from './attachments';

/**
 * Where the chat tab connection stands (status bar + the view's header); `limited`: the shown
 * conversation's site is at a usage limit or cooling down (several sites).
 */
const ConnectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected', 'limited', 'loginRequired', 'error']);
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

/** Buttons the view may offer next to an error. */
const ConnectionActionSchema = z.enum(['login', 'retry', 'openTab', 'chooseSite']);
export type ConnectionAction = z.infer<typeof ConnectionActionSchema>;

const ConnectionStateSchema = z.object({
  site: z.string(),
  status: ConnectionStatusSchema,
  detail: z.optional(z.string()),
  /** Connected signed out: the site lets guests chat. */
  guest: z.optional(z.boolean()),
  /** The latest notice the site showed (a plan limit that switched models…); informative only. */
  warning: z.optional(z.string()),
  /** The model or mode PTK chooses on the site (ptk.model); absent: the site's current one. */
  model: z.optional(z.string()),
  /** The start address used instead of the site's own (ptk.siteUrl). */
  url: z.optional(z.string()),
  /** The site is PTK's offline demo (a replica at a local address, or a scripted model), not a real chat. */
  demo: z.optional(z.boolean()),
  /** Several sites (ptk.sites): each with its state in a few words ("ready", "limited until 15:00"), in order. */
  sites: z.optional(
    z.array(
      z.object({
        site: z.string(),
        label: z.string(),
        state: z.string(),
        ready: z.optional(z.boolean()),
        status: z.optional(z.string()),
        /** What the site said when it stopped (Diagnose Site's report states it). */
        detail: z.optional(z.string()),
        /** The address it opens when it is not the site's own (a local one is the demo). */
        url: z.optional(z.string()),
      }),
    ),
  ),
  /** Several sites: the site `status` and `detail` speak of, when it is not `site` (a login wall met on another site). */
  statusSite: z.optional(z.string()),
  /** Several sites: the state of the site named (the shown conversation's), in a few words ("ready", "limited until 15:00"). */
  siteState: z.optional(z.string()),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

/** Lifecycle of one tool card. */
/** What approved a call without asking: an "Always" answer of the window, `ptk.tools.autoApprove`, or `ptk.tools.allowedCommands`. */
export type AutoApprovedBy = 'always' | 'autoApprove' | 'allowedCommands';

type ToolCardStatus = 'running' | 'awaitingApproval' | 'approved' | 'rejected' | 'succeeded' | 'failed' | 'cancelled';

/** How much of an instruction file the model got: all of it, its head and tail ('cut'), or nothing for lack of room. */
const RuleFileUsageSchema = z.enum(['whole', 'cut', 'leftOut']);

/** One step of the task list the model keeps (update_todos). */
/** A file a task changed and its lines added and removed (the task's end line shows "a.ts +3 −1"). */
const FileChangeCountSchema = z.object({ path: z.string(), added: z.number(), removed: z.number() });
export type FileChangeCount = z.infer<typeof FileChangeCountSchema>;

const TodoItemSchema = z.object({ text: z.string(), status: z.enum(['pending', 'in_progress', 'done']) });
export type TodoListItem = z.infer<typeof TodoItemSchema>;
export type RuleFileUsage = z.infer<typeof RuleFileUsageSchema>;

/** Where one site's review stands: asked, arriving, arrived, or failed (limited, signed out…). */
const ReviewStatusSchema = z.enum(['waiting', 'streaming', 'done', 'failed']);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

/** One column of a Second Opinion item: a site, and its review (or, failed, why there is none). */
export interface ReviewColumn {
  site: string;
  label: string;
  status: ReviewStatus;
  text: string;
  /** "Send to task" sent this review to the conversation: the column says so instead of offering it again. */
  sent?: boolean;
}

/**
 * A message typed while a task ran, waiting to be sent (shown under the conversation as
 * Queued). `steering`: Send now was pressed and it waits for the running task's next turn.
 * `images` / `mentions`: how many images and chips go with it.
 */
const QueuedMessageSchema = z.object({ id: z.string(), text: z.string(), steering: z.optional(z.boolean()), images: z.optional(z.number()), mentions: z.optional(z.number()) });
export type QueuedMessage = z.infer<typeof QueuedMessageSchema>;

/** A slash command as the `/` menu lists it (`source`: builtin, ptk, copilot, claude or cline). */
const SlashCommandEntrySchema = z.object({ name: z.string(), description: z.optional(z.string()), argumentHint: z.optional(z.string()), source: z.string() });
export type SlashCommandEntry = z.infer<typeof SlashCommandEntrySchema>;

/** The context meter's figures, in characters (`limitChars` absent: the chat's limit is not known). */
const ContextUsageSchema = z.object({ chatChars: z.number(), limitChars: z.optional(z.number()), historyChars: z.number(), historyBudgetChars: z.number() });
export type ContextUsageInfo = z.infer<typeof ContextUsageSchema>;
/** The chat mode a message was sent in: its id and the name its badge shows. */
const MessageModeSchema = z.object({ id: z.string(), name: z.string() });
export type MessageMode = z.infer<typeof MessageModeSchema>;

/** One chat mode as the mode menu lists it (src/ui/modes); `source`: the file of a custom mode. */
const ModeChoiceSchema = z.object({ id: z.string(), name: z.string(), description: z.optional(z.string()), source: z.optional(z.string()) });
export type ModeChoice = z.infer<typeof ModeChoiceSchema>;

/** One thing that happened in a conversation; the view model is the fold of these. */
const ChatEventSchema = z.discriminatedUnion('type', [
  /**
   * `mentions`: the context chips sent with the message (their content went to the model, not here).
   * `attachments`: the images sent with it, by name and size (their bytes went to the site, not here).
   * `transcriptLength`: the engine transcript's length when it was sent (where an edit cuts the history).
   * `mode`: the chat mode its task ran in (the message's badge).
   */
  z.object({ type: z.literal('userMessage'), id: z.string(), text: z.string(), time: z.number(), transcriptLength: z.optional(z.number()), mentions: z.optional(z.array(ContextMentionSchema)), attachments: z.optional(z.array(AttachmentInfoSchema)), mode: z.optional(MessageModeSchema) }),
  z.object({ type: z.literal('assistantStart'), id: z.string() }),
  /**
   * Streamed prose: `text` is appended to the bubble; with `rewrite` it is the bubble's whole
   * text instead (the reply was re-rendered, rare). Appends keep a long answer's traffic linear.
   */
  z.object({ type: z.literal('assistantDelta'), id: z.string(), text: z.string(), rewrite: z.optional(z.boolean()) }),
  z.object({ type: z.literal('assistantDone'), id: z.string(), text: z.string() }),
  /** A call of task `taskId` (`id` is the engine's call id): its card is keyed by both (toolCardId). */
  z.object({
    type: z.literal('toolCall'),
    id: z.string(),
    taskId: z.string(),
    tool: z.string(),
    args: z.record(z.string(), z.unknown()),
    dangerous: z.boolean(),
    time: z.number(),
  }),
  z.object({
    type: z.literal('approvalRequested'),
    approvalId: z.string(),
    toolName: z.string(),
    kind: z.enum(['write', 'edit', 'command']),
    summary: z.string(),
    path: z.optional(z.string()),
    command: z.optional(z.string()),
    hasDiff: z.boolean(),
    /** Set for a protected file: why it always asks ("this file configures your editor"). */
    protection: z.optional(z.string()),
    /** Approved without asking (a setting or an earlier "Always"): the card shows the change, nothing waits. */
    auto: z.optional(z.boolean()),
    /** What approved it without asking: an "Always" answer of this window, or a setting. */
    autoBy: z.optional(z.enum(['always', 'autoApprove', 'allowedCommands'])),
  }),
  z.object({
    type: z.literal('approvalResolved'),
    approvalId: z.string(),
    decision: z.enum(['approve', 'reject', 'always', 'cancelled']),
    reason: z.optional(z.string()),
    /** How long the user took to decide: not part of the tool's own duration. */
    waitedMs: z.optional(z.number()),
  }),
  z.object({
    type: z.literal('toolResult'),
    id: z.string(),
    taskId: z.string(),
    success: z.boolean(),
    /** The user stopped the task while the tool ran: its card says cancelled, as a Stop at its approval does. */
    cancelled: z.optional(z.boolean()),
    summary: z.string(),
    durationMs: z.number(),
  }),
  z.object({ type: z.literal('taskStarted'), taskId: z.string(), title: z.string() }),
  /** A model call of task `taskId` waits for a free tab of the site (true), or got one / ended (false). */
  z.object({ type: z.literal('waitingForTab'), taskId: z.string(), waiting: z.boolean() }),
  z.object({
    type: z.literal('taskFinished'),
    taskId: z.string(),
    outcome: z.enum(['done', 'stopped', 'failed']),
    message: z.optional(z.string()),
  }),
  z.object({
    type: z.literal('error'),
    message: z.string(),
    code: z.optional(z.string()),
    actions: z.array(ConnectionActionSchema),
    /** Several sites: the site the failure happened on (its Log in / Open tab act on it). */
    site: z.optional(z.string()),
  }),
  /** An informative line; `whileTaskRuns`: about the running task (a refused second send), gone when it ends. */
  z.object({ type: z.literal('notice'), text: z.string(), whileTaskRuns: z.optional(z.boolean()) }),
  /**
   * A checkpoint to restore: a model turn's files before it changed them ('turn', shown before
   * the turn's first item, `beforeItemId`), or a whole task's changes ('task', shown at its end).
   * Sent again when the turn changes more files: the item is replaced where it stands.
   */
  z.object({
    type: z.literal('checkpoint'),
    id: z.string(),
    scope: z.enum(['turn', 'task']),
    taskId: z.string(),
    checkpointId: z.optional(z.string()),
    turn: z.optional(z.number()),
    files: z.array(z.string()),
    notes: z.array(z.string()),
    beforeItemId: z.optional(z.string()),
    /** A task's item once "Undo all changes of this task" put its files back: the files it restored. */
    undone: z.optional(z.array(z.string())),
    /** A task's item: the lines added and removed in each text file it changed. */
    counts: z.optional(z.array(FileChangeCountSchema)),
  }),
  /** The model wrote its task list (the whole list): pinned above the composer while its task runs, kept with the conversation. */
  z.object({ type: z.literal('todos'), taskId: z.string(), items: z.array(TodoItemSchema) }),
  /** The project's instruction files read into this task's system prompt (AGENTS.md, .clinerules/…), by workspace path. */
  z.object({ type: z.literal('rulesUsed'), taskId: z.string(), files: z.array(z.object({ path: z.string(), usage: RuleFileUsageSchema })) }),
  /** Second Opinion: the finished task went to these other sites for a review (one column each, waiting). */
  z.object({ type: z.literal('reviewStarted'), id: z.string(), time: z.number(), sites: z.array(z.object({ site: z.string(), label: z.string() })) }),
  /** One site's review: its text so far ('streaming'), its whole text ('done'), or why it failed ('failed': `text` says so). */
  z.object({ type: z.literal('reviewUpdate'), id: z.string(), site: z.string(), status: ReviewStatusSchema, text: z.string() }),
  /** One site's finished review went to the task as the user's message ("Send to task"): its column is marked sent. */
  z.object({ type: z.literal('reviewSent'), id: z.string(), site: z.string() }),
  /** The conversation's queue of messages waiting to be sent, whole (in the order they go). */
  z.object({ type: z.literal('queueChanged'), queue: z.array(QueuedMessageSchema) }),
  /** What the site's chat holds against its limit, and the conversation against its history budget (characters). */
  z.object({ type: z.literal('contextUsage'), usage: ContextUsageSchema }),
  /**
   * A compaction of the conversation (the chat neared its limit, or the user asked): 'summarizing'
   * while the model writes its summary, 'done' with it, 'failed' when none came. `taskId`: the task
   * whose chat was compacted (absent: asked for between tasks).
   */
  z.object({ type: z.literal('compaction'), id: z.string(), taskId: z.optional(z.string()), stage: z.enum(['summarizing', 'done', 'failed']), summary: z.optional(z.string()), chatChars: z.number(), limitChars: z.optional(z.number()) }),
  /** The conversation's chat mode (its id) changed: its next messages go in it. */
  z.object({ type: z.literal('modeChanged'), mode: z.string() }),
]);
export type ChatEvent = z.infer<typeof ChatEventSchema>;

/** One row of the chat. */
export type ChatItem =
  | { kind: 'user'; id: string; text: string; time: number; transcriptLength?: number; mentions?: ContextMention[]; attachments?: AttachmentInfo[]; /** The mode its task ran in (its badge). */ mode?: MessageMode }
  /** `stopped`: the task was stopped while this answer streamed (it holds what the site showed then). */
  | { kind: 'assistant'; id: string; text: string; streaming: boolean; stopped?: boolean }
  | {
      kind: 'tool';
      /** toolCardId(taskId, callId); a standalone approval card's is `approval:<approvalId>`. */
      id: string;
      /** The task whose call this is (absent: a standalone card outside any task, or a conversation saved before cards had it). */
      taskId?: string;
      /** The engine's call id. */
      callId?: string;
      tool: string;
      args: Record<string, unknown>;
      dangerous: boolean;
      status: ToolCardStatus;
      startedAt: number;
      durationMs?: number;
      /** Time spent waiting for the user's approval, left out of durationMs. */
      approvalWaitMs?: number;
      resultSummary?: string;
      /** `auto`: approved without asking; `autoBy`: by what (an "Always" answer, or a setting). */
      approval?: { approvalId: string; summary: string; kind: 'write' | 'edit' | 'command'; path?: string; command?: string; hasDiff: boolean; reason?: string; protection?: string; auto?: boolean; autoBy?: AutoApprovedBy; /** The change is no longer kept (a window reload since): its diff cannot be shown. */ diffGone?: boolean };
    }
  | { kind: 'notice'; id: string; text: string; /** The notice that ended its turn ("Stopped.", a window reload): Retry may sit on it; an informative notice (an undo, a busy warning) never carries it. */ endsTurn?: boolean; /** Shown while the task runs, dropped when it ends. */ whileTaskRuns?: boolean }
  | { kind: 'checkpoint'; id: string; scope: 'turn' | 'task'; taskId: string; checkpointId?: string; turn?: number; files: string[]; notes: string[]; /** A turn checkpoint's place in the conversation: 1, 2, … */ number?: number; /** A task's files its undo put back (the undo is done). */ undone?: string[]; counts?: FileChangeCount[] }
  | { kind: 'rules'; id: string; files: Array<{ path: string; usage: RuleFileUsage }> }
  /** The conversation was compacted: the model's summary (absent while it is written; `failed`: none came), shown folded. */
  | { kind: 'compaction'; id: string; taskId?: string; summary?: string; failed?: boolean; chatChars: number; limitChars?: number }
  /** Second Opinion: the reviews of the finished task by the other sites, side by side. */
  | { kind: 'review'; id: string; time: number; columns: ReviewColumn[] }
  | { kind: 'error'; id: string; message: string; code?: string; actions: ConnectionAction[]; /** The site it failed on (several sites). */ site?: string };

/** Everything the view shows for one conversation (plain JSON: persisted and sent as is). */
export interface ChatViewState {
  conversationId: string;
  title: string;
  items: ChatItem[];
  /** A task is running (the Stop button is live, Send is disabled). */
  busy: boolean;
  /** The running task: approvals go to its cards only. */
  runningTaskId?: string;
  /** The running task's model call waits for a free tab (every tab of the site is busy). */
  waitingForTab?: boolean;
  /** Approval ids waiting for the user, oldest first. */
  pendingApprovals: string[];
  /** The task list the model keeps, as it last wrote it (absent: none written). */
  todos?: TodoListItem[];
  /** Messages typed while a task ran, waiting to be sent, in order (kept in memory only: never saved). */
  queued?: QueuedMessage[];
  /** The context meter: what the site's chat holds, and the history (absent: nothing measured yet). */
  context?: ContextUsageInfo;
  /** The conversation's chat mode (an id of src/ui/modes; absent: Agent, as before modes). */
  mode?: string;
}

/**
 * What runs without asking in this window: the "Always" answers (`grants`, a command grant names
 * its command line) and the tools the `ptk.tools.autoApprove` setting approves (`settingTools`).
 */
const AutoApprovalSchema = z.object({
  grants: z.array(z.object({ toolName: z.string(), command: z.optional(z.string()) })),
  settingTools: z.array(z.string()),
});
export type AutoApproval = z.infer<typeof AutoApprovalSchema>;

/** A persisted conversation as the history list shows it; `text`: its messages' text (bounded), which the search also matches. */
/** `activity`: a task runs in that conversation now, or waits for the user's approval (the history marks it). */
const ConversationSummarySchema = z.object({ id: z.string(), title: z.string(), updatedAt: z.number(), text: z.optional(z.string()), activity: z.optional(z.enum(['running', 'waiting'])) });
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

// ---------------------------------------------------------------- host → webview

const HostToWebviewMessageSchema = z.discriminatedUnion('type', [
  /** The whole picture: sent on `ready`, on conversation switch and after reload. */
  z.object({
    type: z.literal('state'),
    state: z.custom<ChatViewState>((value) => isChatViewState(value), 'not a ChatViewState'),
    connection: ConnectionStateSchema,
    history: z.array(ConversationSummarySchema),
  }),
  /** One incremental change: the webview folds it with the same reducer as the host. */
  z.object({ type: z.literal('event'), conversationId: z.string(), event: ChatEventSchema }),
  z.object({ type: z.literal('connection'), connection: ConnectionStateSchema }),
  /** Put text in the composer (e.g. "Ask PTK about this" pre-fills; a message a restore removed, with its chips). */
  z.object({ type: z.literal('prefill'), text: z.string(), mentions: z.optional(z.array(ContextMentionSchema)) }),
  /** The answer to a `mentionQuery` (`note` says why nothing is offered, e.g. no selection). */
  z.object({ type: z.literal('mentionSuggestions'), requestId: z.number(), items: z.array(MentionSuggestionSchema), note: z.optional(z.string()) }),
  /** Add a chip to the composer ("Add Selection / File to PTK Chat"). */
  z.object({ type: z.literal('addMention'), mention: ContextMentionSchema }),
  /** The images of the unsent draft, given back to a view whose page was recreated (hidden, then shown). */
  z.object({ type: z.literal('draftImages'), attachments: ImageAttachmentListSchema }),
  /** The empty chat's example prompts, made for this workspace (sent on `ready`, and again when its problems change). */
  z.object({ type: z.literal('examplePrompts'), prompts: z.array(z.string()).check(z.maxLength(3)) }),
  /** An edited message the user agreed to resend: the composer, which kept it while the user chose, ends editing `itemId` and empties. */
  z.object({ type: z.literal('editSent'), itemId: z.string() }),
  /** An edited message the user chose not to resend: the composer gets it back, still editing `itemId`. */
  z.object({ type: z.literal('editKept'), itemId: z.string(), text: z.string(), mentions: z.array(ContextMentionSchema) }),
  /** The slash commands the input's `/` menu offers (sent on `ready` and when the workspace's prompt files change). */
  z.object({ type: z.literal('slashCommands'), commands: z.array(SlashCommandEntrySchema) }),
  /** What runs without asking now (sent on `ready` and on each change): the view shows a chip while any. */
  z.object({ type: z.literal('autoApproval'), autoApproval: AutoApprovalSchema }),
  /** The chat modes the menu offers (built-ins, then the workspace's), and the mode files that could not be read, one message each. */
  z.object({ type: z.literal('modes'), modes: z.array(ModeChoiceSchema), problems: z.array(z.string()) }),
]);
export type HostToWebviewMessage = z.infer<typeof HostToWebviewMessageSchema>;

// ---------------------------------------------------------------- webview → host

const WebviewToHostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** `replaces`: the user message being edited; it and everything after it are replaced by this one. */
  z.object({ type: z.literal('send'), text: z.string().check(z.trim(), z.minLength(1, 'empty message')), mentions: z.optional(z.array(ContextMentionSchema).check(z.maxLength(MAX_MENTIONS_PER_MESSAGE))), attachments: z.optional(ImageAttachmentListSchema), replaces: z.optional(z.string().check(z.minLength(1))) }),
  /** Suggestions for the `@` being typed: `kind`'s items matching `query`. */
  z.object({ type: z.literal('mentionQuery'), requestId: z.number(), kind: MentionKindSchema, query: z.string().check(z.maxLength(300)) }),
  z.object({ type: z.literal('stop') }),
  /** Compact the shown conversation now (the header's Compact). */
  z.object({ type: z.literal('compact') }),
  /**
   * A queued message's button: Edit (back to the composer, out of the queue), Remove, or Send now
   * (into the running task at its next turn; with no task running, sent at once).
   */
  z.object({ type: z.literal('queueAction'), id: z.string().check(z.minLength(1)), action: z.enum(['edit', 'remove', 'sendNow']) }),
  /**
   * The images now in the composer, sent each time they change: the host keeps them so a view
   * hidden before sending (its page is dropped) gets them back. The webview state keeps the text.
   */
  z.object({ type: z.literal('draftImages'), attachments: ImageAttachmentListSchema }),
  /** "Restore checkpoint" / "Undo all changes of this task" on a checkpoint item of the shown conversation. */
  z.object({ type: z.literal('restoreCheckpoint'), itemId: z.string().check(z.minLength(1)) }),
  /** "Review changes" on a task's changes item of the shown conversation. */
  z.object({ type: z.literal('reviewChanges'), itemId: z.string().check(z.minLength(1)) }),
  /** Open a workspace file in the editor (a file named on the rules line); the host checks the path like the tools do. */
  z.object({ type: z.literal('openFile'), path: z.string().check(z.minLength(1), z.maxLength(1024)) }),
  z.object({ type: z.literal('approve'), approvalId: z.string().check(z.minLength(1)), always: z.optional(z.boolean()) }),
  z.object({ type: z.literal('reject'), approvalId: z.string().check(z.minLength(1)), reason: z.optional(z.string()) }),
  z.object({ type: z.literal('openDiff'), approvalId: z.string().check(z.minLength(1)) }),
  /** The auto-approval chip: turn the "Always" answers off, or open the `ptk.tools.autoApprove` setting. */
  z.object({ type: z.literal('turnOffAlways') }),
  z.object({ type: z.literal('openAutoApproveSetting') }),
  z.object({ type: z.literal('newConversation') }),
  z.object({ type: z.literal('openConversation'), conversationId: z.string().check(z.minLength(1)) }),
  /** Deletes a saved conversation (the shown one is replaced by a new, empty one). */
  z.object({ type: z.literal('deleteConversation'), conversationId: z.string().check(z.minLength(1)) }),
  /** A header or error-card button; `site`: the site it acts on (an error card's failed site), else the shown conversation's. */
  z.object({ type: z.literal('connectionAction'), action: ConnectionActionSchema, site: z.optional(z.string().check(z.minLength(1), z.maxLength(64))) }),
  /** The last answer's "Second opinion": the finished task goes to the other sites for a review. */
  z.object({ type: z.literal('secondOpinion') }),
  /** A review's "Send to task": that review goes to the conversation as the user's next message. */
  z.object({ type: z.literal('sendReview'), itemId: z.string().check(z.minLength(1)), site: z.string().check(z.minLength(1)) }),
  /** The mode menu: the shown conversation's later messages go in mode `mode`. */
  z.object({ type: z.literal('chooseMode'), mode: z.string().check(z.minLength(1), z.maxLength(100)) }),
  /** "Act on this plan" on Plan-mode answer `itemId`: the plan is sent as a new task in Agent mode. */
  z.object({ type: z.literal('actOnPlan'), itemId: z.string().check(z.minLength(1)) }),
]);
export type WebviewToHostMessage = z.infer<typeof WebviewToHostMessageSchema>;

/** Result of checking a message that crossed the boundary. */
type ParsedMessage<Message> = { ok: true; message: Message } | { ok: false; error: string };

/** English issue texts for every check, given per parse (zod/mini loads no locale of its own). */
const ENGLISH = { error: englishMessages().localeError };

function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`).join('; ');
}

/** Checks a message the webview posted; `error` says exactly what is wrong. */
export function parseWebviewMessage(value: unknown): ParsedMessage<WebviewToHostMessage> {
  const parsed = WebviewToHostMessageSchema.safeParse(value, ENGLISH);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, error: describeIssues(parsed.error) };
}

/** Checks a message the host posted. */
export function parseHostMessage(value: unknown): ParsedMessage<HostToWebviewMessage> {
  const parsed = HostToWebviewMessageSchema.safeParse(value, ENGLISH);
  return parsed.success ? { ok: true, message: parsed.data } : { ok: false, error: describeIssues(parsed.error) };
}

/** Shallow structural check of a persisted or posted view state. */
export function isChatViewState(value: unknown): value is ChatViewState {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ChatViewState>;
  return (
    typeof candidate.conversationId === 'string' &&
    typeof candidate.title === 'string' &&
    Array.isArray(candidate.items) &&
    typeof candidate.busy === 'boolean' &&
    Array.isArray(candidate.pendingApprovals)
  );
}
