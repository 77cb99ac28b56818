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
  /** ConversationManager (seed 001) parameter truncation. */
  parameterTruncation: 50,
  /** Loop: duplicate calls tolerated after warnings before DUPLICATE_TOOL_CALL. */
  maxDuplicateWarnings: 3,
  /** Loop: longest A-B-…-A-B cycle looked for. */
  cycleMaxPeriod: 4,
  /** Loop: the completion tool's name (seed 004) when `finishTool` is enabled. */
  finishToolName: 'finishWorkflow',
  /** History budget: the latest messages always kept whole. */
  historyKeepRecentMessages: 6,
  /** History budget: older tool results are cut to about this many characters. */
  historyShortenedResultChars: 400,
  /** ExecutionManager: maxIterations of a PTK step without its own. */
  stepMaxIterations: 5,
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
  /** Browser backend: turn-log entries kept in memory. */
  browserTurnLogLimit: 200,
} as const;
