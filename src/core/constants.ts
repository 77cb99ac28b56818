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
} as const;
