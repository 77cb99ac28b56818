/**
 * Site "auto" in a REAL VS Code: the installed extension's browser backend drives the made-up
 * Parrot page (test/browser/replicas/sites/madeup-parrot, which sends only with Ctrl+Enter) with
 * no selectors; a task there teaches it the page; Diagnose Site lists what was learned; after a
 * window reload (a new extension host, the backend not loaded) PTK: Export Learned Site as
 * ptk.customSite opens it (its send key included), so it was kept across the reload; PTK: Forget
 * Learned Site drops it, and Export then says nothing is learned.
 * Screenshots: test-artifacts/vscode-ui-learned-site/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/learnedSite.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { chatActions } from './scriptedTasks';

const ANSWER = 'Parrot says hello.\n\n```ts\nconst a = 1 < 2;\n```\n\nDone.';
const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('site "auto" in real VS Code: what it learned outlives a reload, exports, and is forgotten', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chat = () => workbench!.chat();
  const page = () => workbench!.page;
  let step = 0;
  const shot = (name: string) => workbench!.shot(`${String(++step).padStart(2, '0')}-${name}`);
  const runCommand = async (title: string) => {
    await page().keyboard.press('F1');
    await workbench!.pickInQuickInput(`>${title}`, title);
  };
  /** The text of the active editor (non-breaking spaces as spaces), once it shows `expected`. */
  const editorText = async (expected: string) => {
    const lines = page().locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: expected }).first();
    await lines.waitFor({ timeout: 60_000 });
    return (await lines.innerText()).replace(/\u00a0/g, ' ');
  };
  const toast = (text: string) => page().locator('.notification-toast', { hasText: text }).first();

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-learned-site', { responder: () => ANSWER, replicaSite: 'madeup-parrot', userSettings: { 'ptk.site': 'auto' } });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('a task on the page teaches it the page (it sends with Ctrl+Enter); Diagnose Site lists what was learned', async () => {
    await chatActions(chat).send('Say hello, Parrot');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Parrot says hello.' }).waitFor({ timeout: 180_000 });
    assert.equal(workbench!.replica.submissions.length, 1, 'sent once');
    await shot('answered');
    await runCommand('PTK: Diagnose Site');
    const report = await editorText('Learned by site discovery');
    assert.match(report, /- send: the Ctrl\+Enter key \(no send button\)/);
    assert.match(report, /- composer: `textarea/);
    await shot('diagnosed');
  });

  it('after a window reload, Export Learned Site opens it as a ptk.customSite with its send key', async () => {
    const reloaded = page().waitForEvent('load', { timeout: 120_000 });
    await runCommand('Developer: Reload Window');
    await reloaded;
    // PTK's status bar item: the extension runs again, so its commands are in the palette.
    await page().locator('.statusbar-item', { hasText: 'PTK:' }).first().waitFor({ timeout: 120_000 });
    await runCommand('PTK: Export Learned Site as ptk.customSite');
    const text = await editorText('"ptk.customSite"');
    assert.match(text, /set "ptk\.site" to "custom"/);
    assert.match(text, /"sendKey": "Control\+Enter"/);
    assert.match(text, /"input": \[\s*"textarea/);
    assert.match(text, new RegExp(`"url": "${workbench!.replica.url.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}"`));
    await shot('exported');
  });

  it('Forget Learned Site drops it: Export then says nothing is learned', async () => {
    await runCommand('PTK: Forget Learned Site');
    await toast('forgot what was learned of').waitFor({ timeout: 60_000 });
    await shot('forgotten');
    await runCommand('PTK: Export Learned Site as ptk.customSite');
    await toast('nothing is learned of a chat page yet').waitFor({ timeout: 60_000 });
    await shot('nothing-learned');
  });
});
