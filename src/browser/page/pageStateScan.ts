/**
 * The page-state scan, written once for every reader: the watch's snapshots, probe() and PTK:
 * Diagnose Site all see the login wall, the bot check and the banners (errors and notices
 * alike; the Node side sorts them, errorClassifier.ts) through this piece. The shared signals
 * it reads (bot-check title and text, generic banner regions and their text pattern) come in
 * the PageSelectors from pageSignals.ts.
 *
 * - Nothing inside a chat turn's text is page state: an answer quotes anything ("log in", "rate
 *   limit", a link to the sign-in page) and the sites style its parts with error colours
 *   (claude.ai gives every inline code span `text-danger-000`). Login-wall elements count only
 *   outside every turn; errorBanner elements never inside a user turn or an assistant message's
 *   answer content (its answerContent blocks, else the whole message).
 * - Login wall: a visible wall and no composer means "log in"; a wall next to a working
 *   composer is a signed-out guest chat.
 * - Bot check: the interstitial's title counts at once. Challenge widgets and interstitial text
 *   count only without the app shell (the composer): Cloudflare injects its challenge-platform
 *   frame into healthy pages too. A hidden frame alone is weak evidence (the shell may not have
 *   drawn its composer yet): the driver counts it only if it lasts.
 * - Banners: the adapter's errorBanner elements count outside the turns, and in our own turn
 *   outside its answer (ChatGPT draws "You've reached the maximum length for this conversation"
 *   as a `div.text-token-text-error` inside the assistant message, next to its markdown); never
 *   in another turn (an old turn's error); generic regions (toasts, status lines, live regions) count only
 *   outside every turn, never wrapping the turns or the composer, short, and with a text a
 *   known error or notice pattern matches. Banners that showed the same text when the watch
 *   began are stale.
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), so it must stay self-contained: no imports at run time, no reference
 * to anything outside the function.
 */
import type { PageSelectors } from '../adapters/types';
import type { SelectorHelpers } from './selectorHelpers';

/** Walls and bot check. */
interface PageState {
  /** A login wall and no composer. */
  loginWall: boolean;
  /** A login wall next to a working composer (guest chat). */
  guest: boolean;
  botCheck: boolean;
  /** The bot check rests only on a hidden challenge frame, with no interstitial title or text. */
  botCheckWeak: boolean;
}

/**
 * Where to look for banners: 'turn' only inside our turn's scope (its errorBanner elements),
 * 'outside' everywhere else; both without it. A watch reads again only the part that changed.
 */
type BannerPart = 'turn' | 'outside';

export interface PageStateScan {
  /** The walls and the bot check, given the composer the caller found (null: none). */
  state(selectors: PageSelectors, composer: Element | null): PageState;
  /**
   * Texts of the banners showing now. With our turn (`scope`, `assistant`), errorBanner elements
   * of other turns are left out; without it (probe, diagnosis), every turn's are.
   */
  banners(selectors: PageSelectors, scope: Element | null, assistant: Element | null, composer: Element | null, part?: BannerPart): string[];
  /** Records the banners showing now, with their texts, as stale (the watch begins). */
  markStale(selectors: PageSelectors): void;
}

/** Creates the scan, with its own record of stale banners. Runs in the page. */
export function createPageStateScan(helpers: SelectorHelpers): PageStateScan {
  const { all, union, quietAll, closestOf, visible, regex, textOf } = helpers;
  let staleBanners = new WeakMap<Element, string>();

  const turnSelectors = (selectors: PageSelectors): string[] => [...(selectors.turnScope ?? []), ...(selectors.assistantTurn ?? []), ...(selectors.userTurn ?? [])];

  /** Whether `element` sits in a user turn or in the answer of an assistant message of `scope` (our turn). */
  const inMessageText = (selectors: PageSelectors, element: Element, scope: Element, assistant: Element | null): boolean => {
    if (closestOf(element, selectors.userTurn)) return true;
    const messages = quietAll(selectors.assistantTurn, scope);
    if (assistant && !messages.includes(assistant)) messages.push(assistant);
    return messages.some((message) => {
      if (!message.contains(element)) return false;
      const blocks = quietAll(selectors.answerContent, message);
      return blocks.length === 0 || blocks.some((block) => block.contains(element));
    });
  };

  const state = (selectors: PageSelectors, composer: Element | null): PageState => {
    const turns = turnSelectors(selectors);
    const wall = all('loginWall', selectors.loginWall, document, (element) => !closestOf(element, turns)).some(visible);
    let botCheck = regex(selectors.botCheckTitle)?.test(document.title) ?? false;
    let botCheckWeak = false;
    if (!botCheck && !composer) {
      const bodyText = document.body ? document.body.innerText.slice(0, 2000) : '';
      const widgets = all('botCheck', selectors.botCheck);
      const strong = widgets.some(visible) || (regex(selectors.botCheckText)?.test(bodyText) ?? false);
      botCheckWeak = !strong && widgets.some((element) => element.tagName === 'IFRAME');
      botCheck = strong || botCheckWeak;
    }
    return { loginWall: wall && !composer, guest: wall && composer !== null, botCheck, botCheckWeak };
  };

  /**
   * A banner's text as shown. An element with no text at all (a page's empty live region, an
   * empty toast list) is '' without asking for the rendered text, which lays the page out first:
   * on a page that is streaming a long answer, that layout is the answer's.
   */
  const hasText = (element: Element): boolean => /\S/.test(element.textContent ?? '');
  const shownText = (element: Element): string => (hasText(element) ? textOf(element) : '');

  const banners = (selectors: PageSelectors, scope: Element | null, assistant: Element | null, composer: Element | null, part?: BannerPart): string[] => {
    const texts: string[] = [];
    const reported: Element[] = [];
    const turns = turnSelectors(selectors);
    const fresh = (element: Element, text: string): boolean => staleBanners.get(element) !== text;
    // Where a banner may be: outside the turns, or in our turn's chrome (not its answer, not the user's message).
    const placed = (banner: Element): boolean => {
      const owner = closestOf(banner, turns);
      if (!owner) return true;
      if (!scope || (owner !== scope && !scope.contains(owner) && owner !== assistant)) return false;
      return !inMessageText(selectors, banner, scope, assistant);
    };
    const root: ParentNode = part === 'turn' && scope ? scope : document;
    const inPart = (banner: Element): boolean => (part === 'outside' && scope ? !scope.contains(banner) : true) && placed(banner);
    if (part === 'turn' && !scope) return texts;
    for (const banner of all('errorBanner', selectors.errorBanner, root, inPart)) {
      // No text, no banner: the emptiness check costs no style or layout, so it goes first.
      if (!hasText(banner) || !visible(banner)) continue;
      const text = textOf(banner);
      if (!text || !fresh(banner, text)) continue;
      texts.push(text);
      reported.push(banner);
    }
    const pattern = regex(selectors.genericBannerText);
    // Generic regions count only outside every turn.
    if (!pattern || part === 'turn') return texts;
    for (const region of union(selectors.genericBanner, document)) {
      if (reported.some((element) => element.contains(region) || region.contains(element))) continue;
      if (closestOf(region, turns) || (composer && region.contains(composer))) continue;
      if (quietAll(turns, region).length > 0) continue;
      if (!hasText(region) || !visible(region)) continue;
      const text = textOf(region);
      if (!text || text.length > (selectors.genericBannerMaxChars ?? 400) || !pattern.test(text) || !fresh(region, text)) continue;
      texts.push(text);
      reported.push(region);
    }
    return texts;
  };

  const markStale = (selectors: PageSelectors): void => {
    staleBanners = new WeakMap();
    for (const banner of [...all('errorBanner', selectors.errorBanner), ...union(selectors.genericBanner, document)]) staleBanners.set(banner, shownText(banner));
  };

  return { state, banners, markStale };
}
