/** Context Manager implementations (the JSON-file store lives in src/host/node/jsonFileStore.ts). */
export * from './memoryContextStore';
export * from './conversationId';
