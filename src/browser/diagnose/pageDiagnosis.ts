/**
 * The in-page half of PTK: Diagnose Site. `runPageDiagnosis` runs every selector list of an
 * adapter against the live page and says, per list, which fallback matched (its index) and
 * how many elements each selector finds; `redactedSnapshot` serialises the page with its text
 * replaced and its structure and attributes kept, so users can attach it to a bug report and
 * it can become a replica variant.
 *
 * Both functions are serialised with toString and evaluated in the page: self-contained, no
 * imports, no closures over module scope.
 */
import type { PageSelectors } from '../adapters/types';

/** What one selector of a list found. */
export interface SelectorProbe {
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
  /** Where the list was run: the whole page, or inside the last assistant turn / its scope. */
  scope: 'page' | 'assistant turn' | 'turn scope' | 'no assistant turn on the page';
  selectors: SelectorProbe[];
}

/** The page's state as the adapter sees it. */
export interface PageDiagnosis {
  url: string;
  title: string;
  lists: Record<string, SelectorListProbe>;
  composerPresent: boolean;
  loginWallPresent: boolean;
  /** A composer and a login control together: the site lets a signed-out guest chat. */
  guest: boolean;
  /** The tab is on one of the adapter's sign-in hosts. */
  onSignInHost: boolean;
  /** Bot-check interstitial signs on a page without a composer. */
  botCheckSuspected: boolean;
  userTurnCount: number;
  assistantTurnCount: number;
}

export interface PageDiagnosisInput {
  selectors: PageSelectors;
  signInHosts: string[];
}

/** Runs in the page. */
export function runPageDiagnosis(input: PageDiagnosisInput): PageDiagnosis {
  const selectors = input.selectors as unknown as Record<string, readonly string[]>;
  const probeList = (list: readonly string[], scope: ParentNode | null, scopeName: SelectorListProbe['scope']): SelectorListProbe => {
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
    return { matchedIndex, scope: scope ? scopeName : 'no assistant turn on the page', selectors: probes };
  };
  const firstMatch = (list: readonly string[], scope: ParentNode): Element[] => {
    for (const selector of list) {
      try {
        const found = Array.from(scope.querySelectorAll(selector));
        if (found.length > 0) return found;
      } catch {
        // invalid selector: reported by probeList
      }
    }
    return [];
  };
  const pageLists = ['composer', 'sendButton', 'stopButton', 'userTurn', 'assistantTurn', 'errorBanner', 'loginWall', 'botCheck', 'copyMenuItem'];
  const lists: Record<string, SelectorListProbe> = {};
  for (const name of pageLists) lists[name] = probeList(selectors[name] ?? [], document, 'page');
  if ((selectors.newChatButton ?? []).length > 0) lists.newChatButton = probeList(selectors.newChatButton ?? [], document, 'page');

  const assistants = firstMatch(selectors.assistantTurn ?? [], document);
  const lastAssistant = assistants[assistants.length - 1] ?? null;
  let turnScope: Element | null = lastAssistant;
  if (lastAssistant) {
    for (const selector of selectors.turnScope ?? []) {
      try {
        const found = lastAssistant.closest(selector);
        if (found) {
          turnScope = found;
          break;
        }
      } catch {
        // invalid selector
      }
    }
  }
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
  for (const name of ['turnActionBar', 'copyButton', 'copyMenuButton', 'streamingIndicator', 'thinkingIndicator']) {
    lists[name] = probeList(selectors[name] ?? [], turnScope, 'turn scope');
  }

  const composerPresent = lists.composer!.matchedIndex !== -1;
  const loginWallPresent = lists.loginWall!.matchedIndex !== -1;
  const host = location.hostname.toLowerCase();
  const onSignInHost = input.signInHosts.some((signInHost) => host === signInHost.toLowerCase() || host.endsWith(`.${signInHost.toLowerCase()}`));
  const bodyText = document.body ? document.body.innerText.slice(0, 4000) : '';
  const botCheckSuspected =
    !composerPresent &&
    (lists.botCheck!.matchedIndex !== -1 || /just a moment|verify you are human|checking your browser|performing security verification/i.test(`${document.title}\n${bodyText}`));
  return {
    url: location.href,
    title: document.title,
    lists,
    composerPresent,
    loginWallPresent,
    guest: composerPresent && loginWallPresent,
    onSignInHost,
    botCheckSuspected,
    userTurnCount: firstMatch(selectors.userTurn ?? [], document).length,
    assistantTurnCount: assistants.length,
  };
}

/**
 * Runs in the page: the document as HTML with every letter and digit of its text replaced by
 * "x" (whitespace and punctuation kept, so the shape of code blocks and lists survives),
 * script and style bodies, form values and inline images removed, ids in URLs replaced by
 * ":id". Element names, nesting, classes, data-* and ARIA attributes are kept as they are.
 */
export function redactedSnapshot(): string {
  const clone = document.documentElement.cloneNode(true) as HTMLElement;
  const redactText = (text: string): string => text.replace(/[\p{L}\p{N}]/gu, 'x');
  const redactUrl = (value: string): string => {
    if (value.startsWith('data:')) return 'data:…';
    const [withoutHash] = value.split('#');
    const [path] = (withoutHash ?? '').split('?');
    return (path ?? '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id').replace(/\/[A-Za-z0-9_-]{16,}(?=\/|$)/g, '/:id');
  };
  const walker = document.createTreeWalker(clone, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) comments.push(node);
    else node.nodeValue = redactText(node.nodeValue ?? '');
  }
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  for (const element of Array.from(clone.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'noscript') element.textContent = '';
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name === 'value' || name === 'srcdoc' || name === 'nonce' || name === 'integrity' || name.startsWith('on')) element.removeAttribute(attribute.name);
      else if (name === 'href' || name === 'src' || name === 'action' || name === 'poster') element.setAttribute(attribute.name, redactUrl(attribute.value));
      else if (name === 'srcset') element.setAttribute(attribute.name, '…');
      else if (name === 'd' && attribute.value.length > 24) element.setAttribute(attribute.name, `${attribute.value.slice(0, 24)}…`);
      else if (name === 'style' && attribute.value.includes('url(')) element.setAttribute(attribute.name, attribute.value.replace(/url\([^)]*\)/g, 'url(…)'));
    }
    if (element instanceof HTMLTextAreaElement) element.textContent = '';
  }
  return `<!doctype html>\n${clone.outerHTML}`;
}
