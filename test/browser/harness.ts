/**
 * Shared helpers of the browser tests: one headless Debian Chromium per test file, a model
 * per test against a fresh replica server, everything closed afterwards. The browser resolves
 * only the replica's foreign hosts (sign-in pages, Cloudflare's challenge host), all to
 * 127.0.0.1, and no other name: nothing a test does can leave the machine.
 */
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { DEFAULTS } from '../../src/core/constants';
import { BrowserChatModel, type BrowserChatModelOptions } from '../../src/browser/browserChatModel';
import { resolveAdapter } from '../../src/browser/adapters/registry';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import { replicaBrowserArgs } from './replicas/foreignHosts';
import { forgetLearnedSite } from '../../src/browser/autoSite';
import { startReplicaServer, type ReplicaServer, type ReplicaServerOptions } from './replicas/server';
import type { ReplicaResponder, ReplicaScenario } from './replicas/scenario';
import { replicaSites, type ReplicaSiteEntry } from './replicas/sites';

/**
 * How long a send may take to show before it is pressed again: the product's own default. A
 * tighter window failed on a loaded machine when two tabs sent at once (a second tab's send can
 * take seconds to show there); the cases about a send that never takes set their own, shorter one.
 */
const SUBMIT_CONFIRM_MS = DEFAULTS.browserSubmitConfirmMs;

/**
 * A replica server whose origin carries nothing learned: a later server of the same test process
 * may get the port of an earlier one, and what discovery learned of that page must not carry over.
 */
export async function startFreshReplica(options: ReplicaServerOptions): Promise<ReplicaServer> {
  const server = await startReplicaServer(options);
  forgetLearnedSite(server.url);
  return server;
}

/** Debian's Chromium (scripts/setup.sh installs it); PTK_CHROMIUM overrides. */
export const chromiumPath = process.env.PTK_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Launch flags of the test browser. `--host-resolver-rules` maps accounts.google.com,
 * auth.openai.com, challenges.cloudflare.com (and every site's declared sign-in host) to
 * 127.0.0.1, where the replica server answers for them, and makes every other name
 * unresolvable.
 */
export const testLaunchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', ...replicaBrowserArgs()];

export function launchTestBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: testLaunchArgs });
}

/**
 * One headless Chromium for the whole test file: launched before its tests, closed after.
 * Returns a getter (the browser exists only once `before` has run).
 */
export function sharedTestBrowser(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the shared test browser is not launched yet (call it inside a test)');
    return browser;
  };
}

/** The adapter of a registry entry, pointed at a replica URL. */
export function adapterFor(entry: ReplicaSiteEntry, url: string): SiteAdapter {
  return resolveAdapter(entry.adapter, { siteUrl: url, customSite: entry.customSite ? { ...entry.customSite, url } : undefined });
}

export interface SiteFixture {
  server: ReplicaServer;
  model: BrowserChatModel;
  adapter: SiteAdapter;
}

/** Runs `body` with a replica server and a model on it; closes both. */
export async function withSite<T>(
  browser: Browser,
  entry: ReplicaSiteEntry,
  setup: { scenario?: ReplicaScenario; responder?: ReplicaResponder; model?: Partial<BrowserChatModelOptions>; adapter?: (adapter: SiteAdapter) => SiteAdapter },
  body: (fixture: SiteFixture) => Promise<T>,
): Promise<T> {
  const server = await startFreshReplica({ site: entry.replica, scenario: setup.scenario, responder: setup.responder });
  const base = adapterFor(entry, server.url);
  const adapter = setup.adapter ? setup.adapter(base) : base;
  const model = new BrowserChatModel({ adapter, browser, submitConfirmMs: SUBMIT_CONFIRM_MS, ...(entry.temporaryChat === false ? { temporaryChats: false } : {}), ...setup.model });
  try {
    return await body({ server, model, adapter });
  } finally {
    await model.close();
    await server.close();
  }
}

/** A replica site's server and a model on it, started for a multi-site test (closeSites stops them). */
export interface RunningSite {
  server: ReplicaServer;
  model: BrowserChatModel;
}

/** Starts the replica of `site` (quick tokens) and a model on it in `browser`. */
export async function startSite(browser: Browser, site: string, responder: ReplicaResponder): Promise<RunningSite> {
  const entry = replicaSites.find((candidate) => candidate.replica === site);
  if (!entry) throw new Error(`no replica site "${site}"`);
  const server = await startFreshReplica({ site, responder, scenario: { defaults: { tokenMs: 2, tokenChars: 8 } } });
  return { server, model: new BrowserChatModel({ adapter: adapterFor(entry, server.url), browser, submitConfirmMs: SUBMIT_CONFIRM_MS }) };
}

/** Closes each site's browser model, then its replica server (each test stops what it started). */
export async function closeSites(...sites: RunningSite[]): Promise<void> {
  for (const site of sites) await site.model.close();
  for (const site of sites) await site.server.close();
}
