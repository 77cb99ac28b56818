/**
 * The replica sites the conformance suite runs, one line per site: the adapter id (the
 * registry in src/browser/adapters/registry.ts) and the replica folder under ./sites.
 * `customSite` is the `custom` adapter's configuration, when the site is driven through it.
 * Adding a site = adding its folder and one line here (see README.md).
 */
import type { CustomSiteInput } from '../../../src/browser/adapters/custom';

export interface ReplicaSiteEntry {
  /** Adapter id (src/browser/adapters/registry.ts). */
  adapter: string;
  /** Folder under test/browser/replicas/sites. */
  replica: string;
  /** For the `custom` adapter: its configuration (url is filled in with the replica's). */
  customSite?: Omit<CustomSiteInput, 'url'>;
}

export const replicaSites: ReplicaSiteEntry[] = [
  { adapter: 'chatgpt', replica: 'chatgpt' },
  { adapter: 'claude', replica: 'claude' },
  { adapter: 'gemini', replica: 'gemini' },
  { adapter: 'aistudio', replica: 'aistudio' },
  { adapter: 'deepseek', replica: 'deepseek' },
  {
    adapter: 'custom',
    replica: 'custom',
    customSite: {
      name: 'Simple chat',
      input: ['textarea#message'],
      sendButton: ['button#send'],
      stopButton: ['button#stop'],
      userTurn: ['.message.user'],
      answerContainer: ['.message.bot'],
      answerContent: ['.body'],
      actionBar: ['.actions'],
      copyButton: ['button.copy'],
      newChatButton: ['#new-chat'],
      errorBanners: ['.error', '.notice'],
      loginWall: ['#login'],
      botCheck: ['#challenge-form'],
    },
  },
];
