/**
 * PTK: Diagnose Site, the Node half: runs the adapter's selectors on the live tab, reads the
 * login / guest / bot-check state, and takes a redacted DOM snapshot; `formatDiagnosis` turns
 * the result into the report shown to the user. When a site's page changes, the report names
 * the lists that no longer match, and `ptk.siteOverrides` repairs them without a release.
 */
import type { Page } from 'playwright-core';
import { errorMessage, LLMBackendError, PTKErrorCode } from '../../core/errors';
import { type SiteAdapter } from '../adapters/types';
import { describeLearnedSite } from '../autoSite';
import { driftFallbackApplies } from '../driftFallback';
import { pageSelectorsOf } from '../pageSelectors';
import { domToMarkdown } from '../page/domToMarkdown';
import { pageCall } from '../page/pageScript';
import { createPageStateScan } from '../page/pageStateScan';
import { redactedSnapshot, type RedactedSnapshotPieces } from '../page/redactedSnapshot';
import { createSelectorHelpers } from '../page/selectorHelpers';
import { createSnapshotRedaction } from '../page/snapshotRedaction';
import { createTurnFinder } from '../page/turnFinder';
import { hostMatches } from '../pageSignals';
import { runPageDiagnosis, type PageDiagnosis, type PageDiagnosisInput, type PageDiagnosisPieces, type SelectorListProbe } from './pageDiagnosis';
import { snapshotAllowList } from './snapshotAllowList';

/** Lists every site must match on a working chat page (the others are optional or state-dependent). */
const ESSENTIAL_LISTS = ['composer', 'userTurn', 'assistantTurn', 'turnActionBar', 'copyButton'] as const;

/**
 * A list run inside the last answer (its action bar, copy button…) when the page has no answer
 * to run it in (no assistant turn, or a last turn holding none: the site's error in its place):
 * nothing was checked, so it is neither a match nor a problem.
 */
function notChecked(list: SelectorListProbe): boolean {
  return list.scope === 'no assistant turn on the page' || list.scope === 'no answer in the last assistant turn';
}

/** How the report says a list was not checked, and why. */
function notCheckedReason(list: SelectorListProbe, diagnosis: PageDiagnosis): string {
  if (list.scope === 'no assistant turn on the page') return 'not checked: no answer on this page yet';
  const siteError = (diagnosis.lists.errorBanner?.matchedIndex ?? -1) !== -1;
  return siteError ? "not checked: the last turn shows the site's error, not an answer" : 'not checked: the last assistant turn holds no answer';
}

/** The site's state as PTK's site router holds it (several sites, ptk.sites): the status item's words. */
interface RouterSiteState {
  /** In a few words, as the status item shows it ("limited until 15:00", "signed out"). */
  state: string;
  /** The router sends to the site now. */
  ready: boolean;
  /** What the site said when it stopped (the failure's message), when known. */
  detail?: string;
}

/** What the report names beyond the diagnosis. */
interface DiagnosisReportOptions {
  /** The report's title (the site's own name unless the caller names it otherwise: the demo). */
  siteName?: string;
  /** The router's state of the site: a site it holds out (limited, signed out…) is reported so. */
  routerState?: RouterSiteState;
}

export interface SiteDiagnosis extends PageDiagnosis {
  site: string;
  siteName: string;
  /** ISO time of the capture. */
  capturedAt: string;
  /** The redacted page, with its evidence header. */
  snapshot: string;
  /** Lists that should match and do not (on a page that has a conversation). */
  problems: string[];
  /** What site discovery learned of the page's origin (site `auto`, or a built-in site it stood in for), as report lines (markdown). */
  learned?: string[];
  /** The report as markdown (formatDiagnosis), naming where the snapshot was saved. */
  report(snapshotPath?: string, options?: DiagnosisReportOptions): string;
}

/** The page pieces runPageDiagnosis runs with. */
const DIAGNOSIS_PIECES: PageDiagnosisPieces = { createSelectorHelpers, createPageStateScan, createTurnFinder, domToMarkdown, hostMatches };
/** The page pieces redactedSnapshot runs with. */
const SNAPSHOT_PIECES: RedactedSnapshotPieces = { createSnapshotRedaction };

/** The header that opens every snapshot: which site, page and time it shows, and how it was redacted. */
function snapshotHeader(diagnosis: Pick<SiteDiagnosis, 'site' | 'siteName' | 'url' | 'capturedAt'>): string {
  return [
    '<!--',
    '  PTK site snapshot',
    `  site: ${diagnosis.site} (${diagnosis.siteName})`,
    `  url: ${diagnosis.url.replace(/--/g, '- -')}`,
    `  captured: ${diagnosis.capturedAt} by PTK: Diagnose Site`,
    '  redaction: letters and digits of the text and of attribute values replaced by x, but for ids, classes, roles, test ids, state tokens and the values the adapters\' selectors name; scripts, styles, comments and form values removed; URLs keep known hosts and route words only; element names and nesting kept',
    '-->',
  ].join('\n');
}

/**
 * Waits (at most `timeoutMs`) until the page has drawn something the adapter knows (its
 * composer, login wall or bot check) and then stopped changing for a moment, so a single-page
 * app that loads its conversation after the first paint is diagnosed as the user sees it.
 * Never fails: a page that never settles is diagnosed as it is.
 */
async function waitForPageToSettle(page: Page, adapter: SiteAdapter, timeoutMs: number): Promise<void> {
  const landmarks = [...adapter.selectors.composer, ...adapter.selectors.loginWall, ...adapter.selectors.botCheck];
  const script = `new Promise((resolve) => {
    const landmarks = ${JSON.stringify(landmarks)};
    const known = () => landmarks.some((selector) => { try { return document.querySelector(selector) !== null; } catch { return false; } });
    const deadline = Date.now() + ${timeoutMs};
    let lastChange = Date.now();
    const observer = new MutationObserver(() => { lastChange = Date.now(); });
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    const check = () => {
      if (Date.now() > deadline || (known() && Date.now() - lastChange >= ${SETTLE_QUIET_MS})) { observer.disconnect(); resolve(true); return; }
      setTimeout(check, 50);
    };
    check();
  })`;
  await page.evaluate(script).catch(() => undefined);
}

/** How long the page must stay unchanged before it is diagnosed. */
const SETTLE_QUIET_MS = 400;
/** Longest wait for the page to settle. */
const SETTLE_TIMEOUT_MS = 8_000;

/**
 * What stops PTK on the page: the sign-in page, a bot check, no composer, and on a page with a
 * conversation the essential lists that no longer match. The lists that can match only on an
 * answer (action bar, copy button) are not checked on a page whose last turn holds no answer.
 */
export function diagnosisProblems(diagnosis: PageDiagnosis): string[] {
  const problems: string[] = [];
  if (diagnosis.onSignInHost) problems.push('the tab is on the sign-in page: log in first, then diagnose again');
  else if (diagnosis.botCheckSuspected) problems.push('the page shows a bot check: complete it in the tab, then diagnose again');
  else if (!diagnosis.composerPresent) problems.push('composer: no selector matches');
  if (diagnosis.assistantTurnCount === 0 && diagnosis.userTurnCount === 0) return problems;
  for (const name of ESSENTIAL_LISTS) {
    const list = diagnosis.lists[name];
    // A list with no selectors names nothing to look for (a learned page with no copy control): no problem.
    if (name === 'composer' || !list || list.selectors.length === 0 || notChecked(list)) continue;
    if (list.matchedIndex === -1 && !(name === 'copyButton' && (diagnosis.lists.copyMenuButton?.matchedIndex ?? -1) !== -1)) problems.push(`${name}: no selector matches`);
  }
  return problems;
}

/** Site `auto`: what discovery learned; a built-in site: what discovery found when its selectors missed, if it ever did. */
function learnedLines(adapter: SiteAdapter): { learned?: string[] } {
  if (adapter.id === 'auto') return { learned: describeLearnedSite(adapter.url) };
  if (!driftFallbackApplies(adapter)) return {};
  const lines = describeLearnedSite(adapter.url, { id: adapter.id, name: adapter.displayName });
  return lines.length > 0 ? { learned: lines } : {};
}

/** Diagnoses the page the tab shows, once it has settled. */
export async function diagnoseSite(page: Page, adapter: SiteAdapter, now: () => Date = () => new Date()): Promise<SiteDiagnosis> {
  const input: PageDiagnosisInput = { selectors: pageSelectorsOf(adapter), signInHosts: [...(adapter.signInHosts ?? [])] };
  const allow = snapshotAllowList(adapter);
  let diagnosis: PageDiagnosis;
  let html: string;
  await waitForPageToSettle(page, adapter, SETTLE_TIMEOUT_MS);
  try {
    diagnosis = (await page.evaluate(pageCall(runPageDiagnosis, [input], DIAGNOSIS_PIECES))) as PageDiagnosis;
    html = (await page.evaluate(pageCall(redactedSnapshot, [allow], SNAPSHOT_PIECES))) as string;
  } catch (error) {
    throw new LLMBackendError(`Could not diagnose ${adapter.displayName}: ${errorMessage(error).split('\n')[0]}.`, { code: PTKErrorCode.TAB_CLOSED, cause: error });
  }
  // The report and the snapshot's header say where the page was, not which conversation it showed.
  const redaction = createSnapshotRedaction(allow);
  diagnosis = { ...diagnosis, url: redaction.url(diagnosis.url), title: redaction.text(diagnosis.title) };
  const capturedAt = now().toISOString();
  const problems = diagnosisProblems(diagnosis);
  const base = { site: adapter.id, siteName: adapter.displayName, url: diagnosis.url, capturedAt };
  const result: SiteDiagnosis = {
    ...diagnosis,
    ...base,
    problems,
    ...learnedLines(adapter),
    snapshot: `${snapshotHeader(base)}\n${html}`,
    report: (snapshotPath, options) => formatDiagnosis(result, snapshotPath, options),
  };
  return result;
}

function describeList(name: string, list: SelectorListProbe, diagnosis: PageDiagnosis): string[] {
  if (notChecked(list)) return [`- **${name}**: ${notCheckedReason(list, diagnosis)}`, ...list.selectors.map((probe, index) => `    ${index}. \`${probe.selector}\``)];
  const verdict = list.matchedIndex === -1 ? 'none matched' : `matched #${list.matchedIndex}`;
  const lines = [`- **${name}** (${list.scope}): ${verdict}`];
  list.selectors.forEach((probe, index) => {
    const mark = index === list.matchedIndex ? '→' : ' ';
    lines.push(`  ${mark} ${index}. \`${probe.selector}\` ${probe.invalid ? 'invalid selector' : `${probe.count} found`}`);
  });
  return lines;
}

/** The page's state as the adapter reads it: "ready (signed in)", "login wall", … */
function pageState(diagnosis: SiteDiagnosis): string {
  return diagnosis.onSignInHost
    ? 'on the sign-in page (log in required)'
    : diagnosis.botCheckSuspected
      ? 'bot check shown'
      : diagnosis.guest
        ? 'signed out, chatting as a guest'
        : diagnosis.loginWallPresent
          ? 'login wall'
          : diagnosis.composerPresent
            ? 'ready (signed in)'
            : 'not ready (no composer found)';
}

/**
 * The report's state line: the page's state, or, for a site the router holds out, the router's
 * state first (what the site said when it stopped) and then what the page shows now, so a
 * limited site whose page looks fine is never reported as ready.
 */
function stateLine(diagnosis: SiteDiagnosis, routerState: RouterSiteState | undefined): string {
  const page = pageState(diagnosis);
  if (!routerState || routerState.ready) return page;
  const said = routerState.detail ? ` (what the site said: ${routerState.detail.replace(/\s+/g, ' ').trim()})` : '';
  return `${routerState.state}${said}; the page now: ${page}`;
}

/**
 * How to repair a list that no longer matches: a built-in site's through `ptk.siteOverrides`.
 * What site "auto" learned says itself how to export or forget it (describeLearnedSite).
 */
function repairHint(site: string): string[] {
  if (site === 'auto') return [];
  return ['A list that no longer matches can be repaired with the `ptk.siteOverrides` setting, e.g.', `\`{ "${site}": { "selectors": { "composer": { "prepend": ["<new selector>"] } } } }\`.`];
}

/** The report as markdown, titled with `siteName` (the site's own name unless the caller names it otherwise: the demo). */
export function formatDiagnosis(diagnosis: SiteDiagnosis, snapshotPath?: string, options: DiagnosisReportOptions = {}): string {
  const siteName = options.siteName ?? diagnosis.siteName;
  const lines = [
    `# PTK: Diagnose Site — ${siteName}`,
    '',
    `- page: ${diagnosis.url}`,
    `- captured: ${diagnosis.capturedAt}`,
    `- state: ${stateLine(diagnosis, options.routerState)}`,
    `- turns on the page: ${diagnosis.userTurnCount} user, ${diagnosis.assistantTurnCount} assistant`,
    snapshotPath ? `- redacted DOM snapshot: ${snapshotPath}` : '',
    '',
    diagnosis.problems.length === 0 ? 'No problem found with the page: PTK recognises it.' : `## Problems\n${diagnosis.problems.map((problem) => `- ${problem}`).join('\n')}`,
    '',
    // What discovery found comes before the lists: on a page that changed, it is what to repair with.
    ...(diagnosis.learned ? [...diagnosis.learned, ''] : []),
    '## Selectors (index of the fallback that matched)',
    ...Object.entries(diagnosis.lists).flatMap(([name, list]) => (list.selectors.length === 0 ? [] : describeList(name, list, diagnosis))),
    '',
    // What discovery found says how to repair with it; else the generic example.
    ...(diagnosis.learned ? [] : repairHint(diagnosis.site)),
    diagnosis.assistantTurnCount === 0 ? 'Tip: diagnose on a chat with at least one answer, so the turn, action bar and copy selectors are checked too.' : '',
  ];
  return `${lines.filter((line, index, all) => line !== '' || all[index - 1] !== '').join('\n').trim()}\n`;
}
