// `npm start`: sets up and starts the whole thing on this machine, from a fresh clone.
//   1. setup (npm packages, Chromium, code-server + Node 24; idempotent: scripts/setup.sh),
//      run by scripts/start.sh before this file, since this file needs the installed tsx
//   2. build (esbuild, production) and package the .vsix (@vscode/vsce)
//   3. install the .vsix into a real VS Code (code-server on 127.0.0.1)
//   4. start a replica chat site (test/browser/replicas) and make it the extension's site in the
//      user settings (ptk.site "chatgpt" + ptk.siteUrl = the ChatGPT replica), headless Chromium as the browser
//   5. open a copy of the sample workspace and print the URL; Ctrl+C stops everything.
// Flags: --demo        also runs two sample tasks through the UI (Playwright: an explanation, an approved write),
//                      prints the transcript and exits non-zero naming what differs from the expected one
//        --skip-setup  scripts/start.sh does not run scripts/setup.sh
//        --sites chatgpt,claude   a replica of each listed site, all answering with the demo model:
//                      ptk.sites lists them in that order (a site per conversation, failover, Second Opinion)
//        --cap-after N the first site shows its usage-limit banner from its N-th message on (failover)
//        --sites madeup-parrot (or madeup-heron)   alone: a made-up chat page, with ptk.site "auto"
//        --sites chatgpt-drifted   alone: a redesigned ChatGPT its adapter no longer matches
// Run through scripts/start.sh (setup first, then this file with the tsx loader so the TypeScript
// harness can be imported).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const demo = args.includes('--demo');
/** The value after `flag` (`--flag value` or `--flag=value`), if given. */
function flagValue(flag) {
  const index = args.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index === -1) return undefined;
  return args[index].includes('=') ? args[index].slice(flag.length + 1) : args[index + 1];
}
const sitesFlag = flagValue('--sites');
const siteList = (sitesFlag ?? 'chatgpt').split(',').map((site) => site.trim()).filter(Boolean);
const capAfter = flagValue('--cap-after') === undefined ? undefined : Number(flagValue('--cap-after'));
const REPLICA_SITES = ['chatgpt', 'claude', 'gemini', 'aistudio', 'deepseek'];
/**
 * Pages to try alone, each with the site setting it is tried with: made-up chat pages no adapter
 * knows (ptk.site "auto" finds its way on them), and a redesigned ChatGPT that the ChatGPT
 * adapter's selectors no longer match (the task goes on through discovery, with a notice).
 */
const TRY_PAGES = { 'madeup-parrot': 'auto', 'madeup-heron': 'auto', 'chatgpt-drifted': 'chatgpt' };
const unknownSites = siteList.filter((site) => !REPLICA_SITES.includes(site) && !(site in TRY_PAGES));
const notAlone = siteList.length > 1 ? siteList.filter((site) => site in TRY_PAGES) : [];
const sitesProblem =
  args.some((arg) => arg === '--sites' || arg.startsWith('--sites=')) && (sitesFlag === undefined || sitesFlag.startsWith('--') || siteList.length === 0)
    ? `--sites: give the sites, e.g. --sites chatgpt,claude (there are: ${REPLICA_SITES.join(', ')}; and, alone: ${Object.keys(TRY_PAGES).join(', ')}).`
    : unknownSites.length > 0
      ? `--sites: no replica of ${unknownSites.join(', ')} (there are: ${REPLICA_SITES.join(', ')}; and, alone: ${Object.keys(TRY_PAGES).join(', ')}).`
      : notAlone.length > 0
        ? `--sites: ${notAlone.join(', ')} is tried alone (--sites ${notAlone[0]}), not with other sites.`
        : undefined;
if (sitesProblem || (capAfter !== undefined && !(capAfter >= 1))) {
  console.error(sitesProblem ?? '--cap-after: give the message number (1 or more) from which the first site shows its usage limit.');
  process.exit(2);
}
// The demo waits on what the page shows; these are only ceilings for a run that is stuck. They are
// generous because a first workbench load on a busy two-core machine can take minutes.
const STARTUP_MS = 600_000;
const STEP_MS = 300_000;
const log = (message) => console.log(`[start] ${message}`);

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (exit ${result.status})`);
}

const cleanups = [];
async function cleanup() {
  for (const step of cleanups.reverse()) await step().catch(() => undefined);
  cleanups.length = 0;
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

async function importTs(relativePath) {
  return import(pathToFileURL(join(ROOT, relativePath)).href);
}

async function main() {
  const paths = await importTs('test/vscode/harness/paths.ts');
  const missing = paths.missingTools();
  if (missing) throw new Error(missing);

  // 2. build + package
  log('building (production)');
  run(process.execPath, ['esbuild.config.mjs', '--production']);
  const distDir = join(ROOT, 'dist');
  mkdirSync(distDir, { recursive: true });
  const vsixPath = join(distDir, 'ptk-assistant.vsix');
  log('packaging the .vsix');
  run(process.execPath, [join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--skip-license', '--allow-missing-repository', '--no-rewrite-relative-links', '-o', vsixPath]);
  log(`.vsix: ${vsixPath} (${(statSync(vsixPath).size / 1024).toFixed(0)} KiB)`);

  // 3. a fresh code-server state with the .vsix installed
  const stateDir = mkdtempSync(join(tmpdir(), 'ptk-start-'));
  cleanups.push(async () => rmSync(stateDir, { recursive: true, force: true }));
  const extensionsDir = join(stateDir, 'extensions');
  const codeServerEntry = join(paths.CODE_SERVER_PACKAGE, 'out', 'node', 'entry.js');
  log('installing the .vsix into code-server');
  // Its own config file, so the user's ~/.config/code-server is never written.
  const installConfig = join(stateDir, 'install-config.yaml');
  writeFileSync(installConfig, 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  run(join(paths.NODE24_BIN, 'node'), [codeServerEntry, '--config', installConfig, '--extensions-dir', extensionsDir, '--user-data-dir', join(stateDir, 'user-data'), '--install-extension', vsixPath], {
    env: { ...process.env, PATH: `${paths.NODE24_BIN}:${process.env.PATH ?? ''}` },
  });

  // 4. the replica site(s): the first is the default site; with --sites, ptk.sites lists them all
  const { chooseReply, siteTranscript } = await importTs('test/vscode/ui/replicaModel.ts');
  const siteUrls = {};
  try {
    const replicas = await importTs('test/browser/replicas/server.ts');
    for (const [index, site] of siteList.entries()) {
      const scenario = { defaults: { tokenMs: 20 }, ...(index === 0 && capAfter !== undefined ? { usageCapAfter: capAfter } : {}) };
      const replica = await replicas.startReplicaServer({ site, scenario, responder: (prompt, _index, earlier) => chooseReply(siteTranscript(earlier, prompt)).text });
      cleanups.push(() => replica.close());
      siteUrls[site] = replica.url;
      log(`replica ${site} site on ${replica.url}`);
    }
  } catch (error) {
    log(`WARNING: could not start the replica sites (test/browser/replicas/server.ts: ${error.message}). The extension will use the site in your settings.`);
  }
  const [firstSite] = siteList;
  const siteUrl = siteUrls[firstSite];
  // 5. sample workspace + code-server; its user settings point PTK at the replica (ptk.browserPath
  //    is a user-only setting: a workspace's .vscode/settings.json cannot set it)
  const { copyWorkspaceFixture } = await importTs('test/vscode/harness/workspaceFixture.ts');
  const workspaceDir = copyWorkspaceFixture(paths.SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'sample-workspace'));
  const userSettings = {
    ...(siteUrl ? { 'ptk.site': TRY_PAGES[firstSite] ?? firstSite, 'ptk.siteUrl': siteUrl, 'ptk.headless': true } : {}),
    ...(siteUrl && siteList.length > 1
      ? { 'ptk.sites': siteList, 'ptk.siteOverrides': Object.fromEntries(siteList.slice(1).filter((site) => siteUrls[site]).map((site) => [site, { url: siteUrls[site] }])) }
      : {}),
    ...(paths.findChromium() ? { 'ptk.browserPath': paths.findChromium() } : {}),
  };
  const { startCodeServer } = await importTs('test/vscode/harness/codeServer.ts');
  const server = await startCodeServer({ workspaceDir, stateDir, logFile: join(stateDir, 'code-server.log'), userSettings });
  cleanups.push(() => server.stop());
  const until = demo ? 'Running the demo; everything stops when it ends.' : 'Ctrl+C stops everything.';
  console.log(`\nPTK Assistant is running in VS Code: ${server.url}\n  workspace: ${workspaceDir}\n  site: ${siteUrl ? siteList.map((site) => `${site} ${siteUrls[site]}`).join(', ') : '(from your settings)'}\n  ${until}\n`);

  if (demo) {
    const { transcript, problems } = await runDemo(server.url, paths.findChromium(), workspaceDir);
    console.log('\n--- transcript ---');
    console.log(transcript);
    await cleanup();
    if (problems.length > 0) throw new Error(`the demo's transcript is not the expected one:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    log('demo transcript as expected');
    return;
  }
  await new Promise(() => undefined); // until Ctrl+C
}

/**
 * The demo's tasks, each in a new conversation, and what its transcript must show. `expect`
 * returns what differs (empty: as expected); the rows are the transcript's lines.
 */
const DEMO_TASKS = [
  {
    // Read → explain: a read_file card, then an answer quoting the file in a code block; nothing written.
    prompt: 'Explain src/greeting.ts',
    expect: ({ rows, codeBlocks }) => [
      ...expectRow(rows, /^Tool read_file \[succeeded\]/, 'a succeeded read_file card'),
      ...(codeBlocks.some((code) => code.includes('export function formatGreeting')) ? [] : ['no answer with a code block quoting src/greeting.ts']),
      ...refuseRow(rows, /^Tool (write_file|edit_file|run_command) /, 'no write or command card in an explanation'),
    ],
  },
  {
    // A write the user approves: the card succeeds, the file holds the text, the answer says so.
    prompt: 'Please write hello to notes/hello.txt',
    approve: true,
    expect: ({ rows, workspaceDir }) => {
      const file = join(workspaceDir, 'notes', 'hello.txt');
      const content = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      return [
        ...expectRow(rows, /^Tool write_file \[succeeded\]/, 'a succeeded write_file card'),
        ...expectRow(rows, /^PTK: Done: created notes\/hello\.txt/, 'the final answer "Done: created notes/hello.txt …"'),
        ...(content === 'Hello from PTK\n' ? [] : [`notes/hello.txt holds ${content === undefined ? 'nothing (it does not exist)' : JSON.stringify(content)}, not "Hello from PTK\\n"`]),
      ];
    },
  },
];

function expectRow(rows, pattern, what) {
  return rows.some((row) => pattern.test(row)) ? [] : [`no row with ${what} (${pattern})`];
}

function refuseRow(rows, pattern, what) {
  const found = rows.filter((row) => pattern.test(row));
  return found.length === 0 ? [] : [`${what}, but: ${found.join(' / ')}`];
}

/**
 * Sends the demo's tasks through the chat view with Playwright and returns the transcript and
 * what differs from the expected one (error cards and missing answers always count).
 */
async function runDemo(url, chromiumPath, workspaceDir) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
  cleanups.push(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
  cleanups.push(() => page.screenshot({ path: join(ROOT, 'test-artifacts', 'start-demo-last.png') }));
  await page.goto(url, { waitUntil: 'commit', timeout: STARTUP_MS });
  await page.locator('.monaco-workbench').waitFor({ timeout: STARTUP_MS });
  // The extension is active once its status bar item shows.
  await page.locator('.statusbar', { hasText: 'PTK:' }).waitFor({ timeout: STARTUP_MS });
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').fill('>PTK: Open Chat');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PTK: Open Chat' }).first().waitFor({ timeout: STEP_MS });
  await page.keyboard.press('Enter');
  const chat = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const input = chat.locator('[data-testid="chat-input"]');
  await input.waitFor({ timeout: STEP_MS });

  const transcript = [];
  const problems = [];
  for (const [index, task] of DEMO_TASKS.entries()) {
    if (index > 0) {
      // A new conversation: empty and idle before the next prompt (Enter in a busy view sends nothing).
      await chat.locator('[data-testid="new-conversation"]').click();
      await chat.locator('[data-testid="user-message"]').first().waitFor({ state: 'detached', timeout: STEP_MS });
      await chat.locator('body[data-busy="false"]').waitFor({ state: 'attached', timeout: STEP_MS });
    }
    await input.fill(task.prompt);
    await input.press('Enter');
    const approve = chat.locator('[data-testid="approve"]').first();
    const errorCard = chat.locator('[data-testid="error-card"]').first();
    // Done: idle with an answer in this (new) conversation.
    const finished = chat.locator('body[data-busy="false"] [data-testid="assistant-message"]').first();
    if (task.approve) {
      await Promise.race([approve.waitFor({ timeout: STEP_MS }), errorCard.waitFor({ timeout: STEP_MS }), finished.waitFor({ timeout: STEP_MS })]);
      if (await approve.isVisible()) await approve.click();
      else problems.push(`task ${index + 1} ("${task.prompt}"): no approval card`);
    }
    await Promise.race([finished.waitFor({ timeout: STEP_MS }), errorCard.waitFor({ timeout: STEP_MS })]).catch(() => problems.push(`task ${index + 1} ("${task.prompt}"): no final answer within ${STEP_MS / 1000} s`));
    await chat.locator('body[data-busy="false"]').waitFor({ state: 'attached', timeout: STEP_MS });
    const rows = await transcriptRows(chat);
    const codeBlocks = await chat.locator('[data-testid="assistant-message"] pre code').allTextContents();
    transcript.push(...rows);
    const found = [
      ...refuseRow(rows, /^error-card: /, 'no error card'),
      ...expectRow(rows, /^PTK: /, 'an answer'),
      ...task.expect({ rows, codeBlocks, workspaceDir }),
    ];
    problems.push(...[...new Set(found)].map((problem) => `task ${index + 1} ("${task.prompt}"): ${problem}`));
  }
  const screenshot = join(ROOT, 'test-artifacts', 'start-demo.png');
  await page.screenshot({ path: screenshot });
  return { transcript: `${transcript.join('\n')}\n(screenshot: ${screenshot})`, problems };
}

/** The shown conversation, a line a row. */
function transcriptRows(chat) {
  return chat.locator('[data-testid="messages"] > *').evaluateAll((elements) =>
    elements.map((element) => {
      const kind = element.getAttribute('data-testid');
      // The text a reader sees, without the controls drawn in it (a code block's Copy button).
      const shown = (node) => {
        if (!node) return '';
        const copy = node.cloneNode(true);
        for (const control of copy.querySelectorAll('button, [role="button"]')) control.remove();
        return copy.textContent ?? '';
      };
      const text = (selector) => shown(selector ? element.querySelector(selector) : element).replace(/\s+/g, ' ').trim();
      if (kind === 'user-message') return `You: ${text()}`;
      if (kind === 'assistant-message') return `PTK: ${text()}`;
      if (kind === 'tool-card') return `Tool ${element.getAttribute('data-tool')} [${element.getAttribute('data-status')}]: ${text('.approval-summary')} → ${text('[data-testid="tool-result"]')}`;
      // Other rows (rules, checkpoints, notices): their parts apart, e.g. "Checkpoint … | Restore checkpoint".
      const parts = Array.from(element.children, (child) => (child.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
      return `${kind}: ${parts.length > 1 ? parts.join(' | ') : text()}`;
    }),
  );
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error(`[start] ${error.message}`);
    await cleanup();
    process.exit(1);
  },
);
