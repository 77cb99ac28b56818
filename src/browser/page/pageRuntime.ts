/**
 * The ONE script the backend injects into the chat page (context.addInitScript, so it survives
 * reloads; evaluated once more in pages already open). It installs `window.__ptkRuntime`
 * (pageApi.ts), assembled from self-contained page pieces, each in its own file:
 *
 * - clipboardCapture.ts: every way a site copies is captured in the page, never written;
 * - selectorHelpers.ts: fallback selector lists, which index matched, visibility;
 * - turnFinder.ts: our turn by nonce, kept by identity; the answer's markdown (domToMarkdown.ts);
 * - pageStateScan.ts: login wall, guest mode, bot check, banners and notices (also used by
 *   PTK: Diagnose Site);
 * - turnObserver.ts: watch(): the MutationObserver and its snapshots;
 * - answerExtraction.ts: extract(): copy button, copy menu, else DOM → markdown.
 *
 * This file joins them: stop(), readComposer(), probe() and the rest of the API are thin
 * calls into the pieces. buildPageScript serialises the installer and the pieces with
 * toString (pageScript.ts).
 */
import type { PageSelectors } from '../adapters/types';
import { createAnswerExtraction } from './answerExtraction';
import { installClipboardCapture } from './clipboardCapture';
import { domToMarkdown } from './domToMarkdown';
import type { ExtractResult, PageRuntime } from './pageApi';
import { pageCall } from './pageScript';
import { createPageStateScan } from './pageStateScan';
import { createSelectorHelpers } from './selectorHelpers';
import { createTurnFinder } from './turnFinder';
import { createTurnObserver } from './turnObserver';

export type { ExtractResult, PageProbe, PageRuntime, PageSnapshot, WatchConfig } from './pageApi';

/** The pieces the installer assembles, passed to it by name. */
type PagePieces = {
  domToMarkdown: typeof domToMarkdown;
  installClipboardCapture: typeof installClipboardCapture;
  createSelectorHelpers: typeof createSelectorHelpers;
  createTurnFinder: typeof createTurnFinder;
  createPageStateScan: typeof createPageStateScan;
  createAnswerExtraction: typeof createAnswerExtraction;
  createTurnObserver: typeof createTurnObserver;
};

const PAGE_PIECES: PagePieces = {
  domToMarkdown,
  installClipboardCapture,
  createSelectorHelpers,
  createTurnFinder,
  createPageStateScan,
  createAnswerExtraction,
  createTurnObserver,
};

/** Installs window.__ptkRuntime (idempotent). Runs in the page. */
function installPageRuntime(pieces: PagePieces): void {
  const pageWindow = window as unknown as { __ptkRuntime?: PageRuntime };
  if (pageWindow.__ptkRuntime) return;

  const clipboard = pieces.installClipboardCapture();
  const helpers = pieces.createSelectorHelpers();
  const turns = pieces.createTurnFinder(helpers, pieces.domToMarkdown);
  const scan = pieces.createPageStateScan(helpers);
  const extraction = pieces.createAnswerExtraction(helpers, clipboard, turns);
  /**
   * The final take started when the turn first looked finished (the copy action, else one
   * conversion), with the answer's markdown at that moment: extract() hands it over when the
   * markdown is still the same, so the take overlaps the Node side's hold of the finished state.
   */
  let early: { assistant: Element; text: string; result: Promise<ExtractResult> } | null = null;
  const observer = pieces.createTurnObserver(helpers, turns, scan, (config, assistant, text) => {
    const timeoutMs = config.copyTimeoutMs;
    if (timeoutMs === undefined) return;
    // The take starts in the next task: the finished report leaves first, unslowed by it (a
    // watch that ended meanwhile takes nothing).
    early = {
      assistant,
      text,
      result: new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => (observer.config() === config ? extraction.extract(config.selectors, assistant, timeoutMs) : { via: 'none' as const, text: '' })),
    };
  });

  const readComposer = (selectors: PageSelectors): string | null => {
    const composer = helpers.first('composer', selectors.composer);
    return composer ? helpers.fieldText(composer) : null;
  };

  const runtime: PageRuntime = {
    watch: (config) => {
      early = null;
      observer.watch(config);
    },
    unwatch: () => {
      early = null;
      observer.unwatch();
    },
    snapshot: () => observer.snapshot(),
    probe(selectors) {
      const composer = helpers.first('composer', selectors.composer);
      const state = scan.state(selectors, composer);
      return {
        composerPresent: composer !== null,
        userTurnCount: helpers.all('userTurn', selectors.userTurn).length,
        loginWall: state.loginWall,
        guest: state.guest,
        botCheck: state.botCheck,
        botCheckWeak: state.botCheckWeak,
        banners: scan.banners(selectors, null, null, composer),
      };
    },
    async extract(timeoutMs): Promise<ExtractResult> {
      const config = observer.config();
      if (!config) return { via: 'none', text: '' };
      const { assistant } = turns.locate(config.selectors, config.nonce);
      if (!assistant) return { via: 'none', text: '' };
      const started = early;
      early = null;
      if (started && started.assistant === assistant && observer.answerText() === started.text) {
        const result = await started.result;
        // Taken while the answer stayed as it was: the same take as one started now.
        if (observer.answerText() === started.text) return result;
      }
      return extraction.extract(config.selectors, assistant, timeoutMs);
    },
    stop() {
      const config = observer.config();
      if (!config) return false;
      const stopButton = helpers.all('stopButton', config.selectors.stopButton).find(helpers.visible) as HTMLElement | undefined;
      stopButton?.click();
      return stopButton !== undefined;
    },
    readComposer,
    clearCaptured: () => clipboard.clear(),
    captured: () => clipboard.texts(),
    matched: () => ({ ...helpers.matchedIndex }),
  };
  Object.defineProperty(pageWindow, '__ptkRuntime', { value: runtime, configurable: true });
}

/** The script text injected into pages: the installer and its pieces, run at once. */
export function buildPageScript(): string {
  return `${pageCall(installPageRuntime, [], PAGE_PIECES)};`;
}
