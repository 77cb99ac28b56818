/**
 * A known site whose page changed, in a REAL VS Code: ptk.site is "chatgpt" but its replica is
 * the redesigned one (test/browser/replicas/sites/chatgpt-drifted) that none of the ChatGPT
 * adapter's composer and turn selectors match. The task still gets its answer, through site
 * discovery, and the chat view says so under its header (not only in a tooltip); the second task
 * in the conversation runs on what discovery learned, and the notice stays; Diagnose Site shows
 * what discovery found next to the selectors that miss.
 * Screenshots: test-artifacts/vscode-ui-site-drift/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/siteDrift.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { chatActions } from './scriptedTasks';

const WARNING = "ChatGPT's page changed: running on discovered elements; run Diagnose Site";
const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('a site whose page changed, in real VS Code: the task goes on through discovery and the chat view says so', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chat = () => workbench!.chat();
  let answers = 0;
  const runCommand = async (title: string) => {
    await workbench!.page.keyboard.press('F1');
    await workbench!.pickInQuickInput(`>${title}`, title);
  };

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-site-drift', { responder: () => `Drifted answer ${++answers}: \`npm test\` passes.`, replicaSite: 'chatgpt-drifted' });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('the first task is answered on discovered elements, and the notice shows under the header', async () => {
    const notice = chat().getByTestId('site-notice');
    assert.equal(await notice.isVisible(), false, 'no notice before anything changed');
    await chatActions(chat).send('Say hello');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Drifted answer 1: npm test passes.' }).waitFor({ timeout: 240_000 });
    await notice.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await notice.innerText(), `⚠ ${WARNING}`);
    assert.equal(workbench!.replica.submissions.length, 1, 'sent once');
    await workbench!.shot('01-answered-through-discovery');
  });

  it('the second task in the conversation runs on what was learned; the notice stays', async () => {
    await chatActions(chat).send('Once more');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Drifted answer 2: npm test passes.' }).waitFor({ timeout: 120_000 });
    assert.equal(await chat().locator('.message.assistant:not(.streaming)').count(), 2, 'two answers, each in its own bubble');
    assert.equal(await chat().getByTestId('site-notice').innerText(), `⚠ ${WARNING}`);
    assert.equal(workbench!.replica.submissions.length, 2, 'each prompt sent once');
    await workbench!.shot('02-second-task');
  });

  it("Diagnose Site names the selectors that miss and what discovery found instead, with how to repair", async () => {
    await runCommand('PTK: Diagnose Site');
    const lines = workbench!.page.locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: "Discovered when ChatGPT's selectors missed" }).first();
    await lines.waitFor({ timeout: 60_000 });
    const report = (await lines.innerText()).replace(/\u00a0/g, ' ');
    assert.match(report, /composer: no selector matches/);
    assert.match(report, /- composer: `[^`]+`/);
    assert.match(report, /put them in ptk\.siteOverrides/);
    await workbench!.shot('03-diagnosed');
  });
});
