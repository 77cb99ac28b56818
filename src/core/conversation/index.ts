/** Conversation helpers: seed 001's ConversationManager functions and the history budget. */
export * from './conversationManager';
export * from './displayName';
export * from './historyBudget';
