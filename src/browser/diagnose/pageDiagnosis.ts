/**
 * The in-page half of PTK: Diagnose Site. `runPageDiagnosis` runs every selector list of an
 * adapter against the live page and says, per list, which fallback matched (its index) and
 * how many elements each selector finds, and reads the login / guest / bot-check state with
 * the page runtime's own scan (page/pageStateScan.ts), so the report says what the driver
 * sees. The redacted DOM snapshot is page/redactedSnapshot.ts.
 *
 * Serialised with toString and evaluated in the page (page/pageScript.ts): self-contained, no
 * imports at run time; the page pieces it uses come in as its second argument.
 */
import type { PageSelectors } from '../adapters/types';
import type { domToMarkdown } from '../page/domToMarkdown';
import type { createPageStateScan } from '../page/pageStateScan';
import type { createSelectorHelpers } from '../page/selectorHelpers';
import type { createTurnFinder } from '../page/turnFinder';
import type { hostMatches } from '../pageSignals';

/** What one selector of a list found. */
interface SelectorProbe {
  selector: string;
  /** Elements it matches in its scope (0: none). */
  count: number;
  /** The browser rejected the selector's syntax. */
  invalid?: boolean;
}

/** One selector list on the page. */
export interface SelectorListProbe {
  /** Index of the first selector that matched (-1: none did). */
  matchedIndex: number;
  /**
   * Where the list was run: the whole page, or inside the last assistant turn / its scope. The
   * lists of an answer (action bar, copy buttons) are not run when the page has no assistant
   * turn, nor when its last assistant turn holds no answer (a site's error drawn in its place,
   * a message refused before any answer): there they have nothing to match.
   */
  scope: 'page' | 'assistant turn' | 'turn scope' | 'no assistant turn on the page' | 'no answer in the last assistant turn';
  selectors: SelectorProbe[];
}

/** The page's state as the adapter sees it. */
export interface PageDiagnosis {
  url: string;
  title: string;
  lists: Record<string, SelectorListProbe>;
  composerPresent: boolean;
  /** A visible login control, with or without a composer. */
  loginWallPresent: boolean;
  /** A composer and a visible login control together: the site lets a signed-out guest chat. */
  guest: boolean;
  /** The tab is on one of the adapter's sign-in hosts. */
  onSignInHost: boolean;
  /** A bot check, as the driver tells one (page/pageStateScan.ts), weak evidence included. */
  botCheckSuspected: boolean;
  userTurnCount: number;
  assistantTurnCount: number;
}

export interface PageDiagnosisInput {
  selectors: PageSelectors;
  signInHosts: string[];
}

/** The page pieces the diagnosis runs with. */
export type PageDiagnosisPieces = {
  createSelectorHelpers: typeof createSelectorHelpers;
  createPageStateScan: typeof createPageStateScan;
  createTurnFinder: typeof createTurnFinder;
  domToMarkdown: typeof domToMarkdown;
  hostMatches: typeof hostMatches;
};

/** Runs in the page. */
export function runPageDiagnosis(input: PageDiagnosisInput, pieces: PageDiagnosisPieces): PageDiagnosis {
  const helpers = pieces.createSelectorHelpers();
  const scan = pieces.createPageStateScan(helpers);
  const selectors = input.selectors as unknown as Record<string, readonly string[]>;
  const turns = pieces.createTurnFinder(helpers, pieces.domToMarkdown);
  const probeList = (list: readonly string[], scope: ParentNode | null, scopeName: SelectorListProbe['scope'], unchecked: SelectorListProbe['scope'] = 'no assistant turn on the page'): SelectorListProbe => {
    const probes: SelectorProbe[] = [];
    let matchedIndex = -1;
    list.forEach((selector, index) => {
      if (!scope) {
        probes.push({ selector, count: 0 });
        return;
      }
      try {
        const count = scope.querySelectorAll(selector).length;
        probes.push({ selector, count });
        if (count > 0 && matchedIndex === -1) matchedIndex = index;
      } catch {
        probes.push({ selector, count: 0, invalid: true });
      }
    });
    return { matchedIndex, scope: scope ? scopeName : unchecked, selectors: probes };
  };
  const pageLists = ['composer', 'sendButton', 'stopButton', 'userTurn', 'assistantTurn', 'errorBanner', 'loginWall', 'botCheck', 'copyMenuItem'];
  const lists: Record<string, SelectorListProbe> = {};
  for (const name of pageLists) lists[name] = probeList(selectors[name] ?? [], document, 'page');
  if ((selectors.newChatButton ?? []).length > 0) lists.newChatButton = probeList(selectors.newChatButton ?? [], document, 'page');

  const assistants = helpers.quietAll(input.selectors.assistantTurn, document);
  const lastAssistant = assistants[assistants.length - 1] ?? null;
  const turnScope = lastAssistant ? (helpers.closestOf(lastAssistant, input.selectors.turnScope) ?? lastAssistant) : null;
  lists.answerContent = probeList(selectors.answerContent ?? [], lastAssistant, 'assistant turn');
  const turnScopeProbe = probeList(selectors.turnScope ?? [], document, 'page');
  if (lastAssistant) {
    // turnScope is used through closest(): report which selector is an ancestor of the turn.
    turnScopeProbe.matchedIndex = (selectors.turnScope ?? []).findIndex((selector) => {
      try {
        return lastAssistant.closest(selector) !== null;
      } catch {
        return false;
      }
    });
    turnScopeProbe.scope = 'assistant turn';
  }
  lists.turnScope = turnScopeProbe;
  // The answer's lists, where the last turn holds an answer as the runtime reads it (its text).
  const answered = lastAssistant !== null && turns.answerText(input.selectors, lastAssistant).trim() !== '';
  for (const name of ['turnActionBar', 'copyButton', 'copyMenuButton']) {
    lists[name] = probeList(selectors[name] ?? [], answered ? turnScope : null, 'turn scope', lastAssistant ? 'no answer in the last assistant turn' : 'no assistant turn on the page');
  }
  for (const name of ['streamingIndicator', 'thinkingIndicator']) {
    lists[name] = probeList(selectors[name] ?? [], turnScope, 'turn scope');
  }

  const composer = helpers.first('composer', input.selectors.composer);
  const state = scan.state(input.selectors, composer);
  return {
    url: location.href,
    title: document.title,
    lists,
    composerPresent: composer !== null,
    loginWallPresent: state.loginWall || state.guest,
    guest: state.guest,
    onSignInHost: pieces.hostMatches(location.hostname, input.signInHosts),
    botCheckSuspected: state.botCheck,
    userTurnCount: helpers.quietAll(input.selectors.userTurn, document).length,
    assistantTurnCount: assistants.length,
  };
}
