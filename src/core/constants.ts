/** Every default in one place. */
export const DEFAULTS = {
  maxIterations: 10,
  maxToolCalls: 20,
  detectDuplicates: true,
  duplicateWindow: 3,
  maxConsecutiveMistakes: 3,
  retryFailedTools: false,
  maxToolRetries: 2,
  /** Per-tool timeout (ms). */
  toolTimeout: 60_000,
  /** History budget in characters before compaction. */
  historyBudgetChars: 120_000,
  /** Tool result cap shown to the model, in characters. */
  toolResultMaxChars: 20_000,
  tagName: 'TOOL_CALL',
  alternateTagName: 'PTK_CALL',
  /** Thread mode: re-state the protocol compactly every N turns. */
  protocolReminderEvery: 8,
  /** ConversationManager: strings in a call's parameters are cut to this many characters. */
  parameterTruncation: 50,
  /** Loop: duplicate calls tolerated after warnings before DUPLICATE_TOOL_CALL. */
  maxDuplicateWarnings: 3,
  /** Loop: detect A-B-A-B cycles of calls (warn once, then fail with CYCLE_DETECTED). */
  detectCycles: true,
  /** Loop: longest A-B-…-A-B cycle looked for. */
  cycleMaxPeriod: 4,
  /** Loop: answer a repeated read-only call from the cache of its earlier result. */
  cacheReadOnlyResults: true,
  /** Loop: run every call of a reply (false: only the first, and the model is told). */
  allowMultipleCalls: false,
  /** Loop: a tool still failing after its retries fails the task (false: the model is told). */
  failOnToolError: false,
  /** Loop: cost of one estimated token (0: no cost is reported). */
  costPerToken: 0,
  /** Loop: the completion tool's name when `finishTool` is enabled. */
  finishToolName: 'finishWorkflow',
  /** Loop: the task-list tool's name when `todoList` is enabled. */
  todoToolName: 'update_todos',
  /** Loop: a task expected to need more tool calls than this is asked to write its task list first. */
  todoListAfterCalls: 3,
  /** History budget: the latest messages always kept whole. */
  historyKeepRecentMessages: 6,
  /** History budget: older tool results are cut to about this many characters. */
  historyShortenedResultChars: 400,
  /** ExecutionManager: maxIterations of a PTK step without its own. */
  stepMaxIterations: 5,
  /** Site router: what a task does when its site cannot go on ('auto' moves on, 'ask' asks first, 'off' stops). */
  routerFailover: 'ask',
  /** Site router: when every listed site is limited, 'stop' fails the call, 'wait' waits for the earliest to reopen. */
  routerWhenAllLimited: 'stop',
  /** Site router: how long a site that hit its usage limit without saying until when is left alone (ms). */
  routerLimitBackoffMs: 15 * 60_000,
  /** Site router: site errors in a row (no answer in between) that put a site to cool down. */
  routerErrorsBeforeCooldown: 3,
  /** Site router: the first cool-down (ms); each further one in a row doubles, up to routerLimitBackoffMs. */
  routerCooldownMs: 60_000,
  /** consult tool: the whole call, the user's approval (up to 30 min) and the other site's answer included (ms). */
  consultTimeoutMs: 45 * 60_000,
  /** Second Opinion: the longest diff (or answer) sent for a review; a longer one keeps its head and tail (chars). */
  reviewMaterialMaxChars: 40_000,
  /** VS Code host: how long get_diagnostics waits for a language service to check a file it had to open (ms). */
  diagnosticsSettleMs: 3_000,
  /** Browser backend: answer text unchanged this long (with stop gone + action bar) ends the answer (ms). */
  browserQuietMs: 100,
  /** Browser backend: snapshot coalescing window of the in-page observer (ms). */
  browserObserverThrottleMs: 10,
  /** Browser backend: longest wait for the chat page to be ready (ms). */
  browserReadyTimeoutMs: 30_000,
  /** Browser backend: longest wait for a submit to show a state change, per attempt (ms). */
  browserSubmitConfirmMs: 4_000,
  /** Browser backend: longest wait for a whole answer (ms). */
  browserAnswerTimeoutMs: 600_000,
  /** Browser backend: longest wait for the copy action's clipboard text (ms). */
  browserCopyTimeoutMs: 1_500,
  /** Browser backend: insertText chunk size for very long prompts (characters). */
  browserInsertChunkChars: 50_000,
  /** Browser backend: stop generation and return as soon as the streamed text holds a complete tool call. */
  browserEarlyStop: true,
  /** Browser backend: new chats use the site's temporary (history-free) chat where it has one. */
  temporaryChats: true,
  /** Browser backend: turn-log entries kept in memory. */
  browserTurnLogLimit: 200,
  /** Browser backend: tabs of the site open at once (one call per tab; more calls wait their turn). */
  maxTabs: 3,
  /** Browser backend: minutes a tab may stay idle in the pool before it is closed. */
  idleTabMinutes: 10,
  /**
   * Parser: deepest nesting of a call's arguments (the args object is level 1). A deeper call
   * is refused as `too_deep`: deeper values overflow the stack of every recursive walk
   * (JSON.stringify, schema checks, comparisons) later on.
   */
  maxArgumentDepth: 64,
  /**
   * Parser: longest call body handed to jsonrepair, in characters. jsonrepair is quadratic
   * or worse on some broken shapes (4,000 characters of `'a'a'a…` take most of a second),
   * so longer bodies get only the one-pass repairs (control characters, invalid escapes,
   * unescaped quotes, comments, trailing commas, missing closing brackets).
   */
  jsonRepairMaxChars: 2_000,
  /** Parser: total characters one reply may send through jsonrepair (bounds a reply full of broken calls). */
  jsonRepairBudgetChars: 8_000,
  /** Prompt: up to this many tools the prompt shows every schema; above, names + one line and describe_tool. */
  promptFullToolsMax: 20,
  /** Language-model provider: broken replies answered with TOOL_ERROR inside one request before it fails. */
  providerMaxRepairs: 2,
  /** Language-model provider: describe_tool rounds answered inside one request. */
  providerMaxDescribeCalls: 4,
  /** Language-model provider: characters per estimated token (provideTokenCount). */
  providerCharsPerToken: 4,
  /**
   * Language-model provider: characters of the site's prompt kept for PTK's own part (system
   * prompt, protocol, tool list, the page's framing), left out of the advertised input limit.
   * A tool list with full schemas longer than this is shown compact (describe_tool).
   */
  providerPromptReserveChars: 24_000,
} as const;
