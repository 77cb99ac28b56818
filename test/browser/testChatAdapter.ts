/**
 * The adapter of the small static chat pages the page-piece tests build (a user turn, an
 * assistant turn in a `section.turn`, its answer in `.markdown`, a stop button, an action bar).
 */
import type { SiteAdapter } from '../../src/browser/adapters/types';

export const testChatAdapter: SiteAdapter = {
  id: 'chatgpt',
  displayName: 'Test chat',
  url: 'http://127.0.0.1:9/',
  composerKind: 'textarea',
  maxPromptChars: 1000,
  selectors: {
    composer: ['#old-composer', 'textarea[name="prompt"]'],
    sendButton: ['button[data-testid="send"]'],
    stopButton: ['button[data-testid="stop"]'],
    userTurn: ['[data-role="user"]'],
    assistantTurn: ['[data-role="assistant"]'],
    answerContent: ['.markdown'],
    turnScope: ['section.turn'],
    turnActionBar: ['div[role="group"]'],
    copyButton: ['button.copy'],
    errorBanner: ['.error-banner'],
    loginWall: ['button.login'],
    botCheck: ['#challenge-form', 'iframe[src*="challenges"]'],
  },
};
