/** Test helpers that ship with the core (used by tests and the demo). */
export * from './scriptedChatModel';
