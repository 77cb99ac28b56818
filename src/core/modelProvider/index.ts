/** The web chat as a language model with native tool calling (the VS Code provider's engine). */
export * from './messageIdentity';
export * from './promptRendering';
export * from './providerErrors';
export * from './providerMessages';
export * from './threadTracker';
export * from './tokenEstimate';
export * from './toolCatalog';
export * from './webChatLanguageModel';
