/**
 * What the page runtime is given of an adapter: its selector lists with the optional ones
 * filled, plus the page signals every site shares (generic banners, bot-check texts) and the
 * banner text pattern built from the adapter's error patterns. Outside adapters/types.ts, so
 * the adapters' types do not depend on the error classifier that depends on them.
 */
import type { PageSelectors, SiteAdapter } from './adapters/types';
import { bannerTextPattern } from './errorClassifier';
import { BOT_CHECK_TEXT, BOT_CHECK_TITLE, GENERIC_BANNER_MAX_CHARS, GENERIC_BANNER_SELECTORS } from './pageSignals';

/** Fills the optional selector lists of an adapter with empty lists, and adds the shared page signals. */
export function pageSelectorsOf(adapter: SiteAdapter): PageSelectors {
  const selectors = adapter.selectors;
  return {
    composer: selectors.composer,
    sendButton: selectors.sendButton,
    stopButton: selectors.stopButton,
    userTurn: selectors.userTurn,
    assistantTurn: selectors.assistantTurn,
    answerContent: selectors.answerContent ?? [],
    turnScope: selectors.turnScope ?? [],
    turnActionBar: selectors.turnActionBar,
    copyButton: selectors.copyButton,
    copyMenuButton: selectors.copyMenuButton ?? [],
    copyMenuItem: selectors.copyMenuItem ?? [],
    copyMenuItemText: selectors.copyMenuItemText ?? '',
    streamingIndicator: selectors.streamingIndicator ?? [],
    thinkingIndicator: selectors.thinkingIndicator ?? [],
    errorBanner: selectors.errorBanner,
    loginWall: selectors.loginWall,
    botCheck: selectors.botCheck,
    genericBanner: GENERIC_BANNER_SELECTORS,
    genericBannerText: bannerTextPattern(adapter),
    genericBannerMaxChars: GENERIC_BANNER_MAX_CHARS,
    botCheckTitle: BOT_CHECK_TITLE,
    botCheckText: BOT_CHECK_TEXT,
  };
}
