/**
 * The README's pictures of the chat view, taken in a REAL VS Code (code-server) through the demo
 * replica site driven by the extension's real browser backend. The workspace has an AGENTS.md; a
 * message with an `@file` mention chosen with the keyboard asks for a farewell function; the
 * replica's model writes a new file (approved on its card), then changes src/main.ts (its diff
 * open in the editor, approved with "Always"), and answers. Each picture is taken once what it
 * shows is checked to be inside the visible area:
 * - chat-empty.png: a new conversation (header, the workspace's example prompts, the demo line);
 * - chat-approval.png: the whole window, a card waiting beside its open proposed change with
 *   Accept / Reject in the editor's title bar;
 * - chat-view.png: the finished task (mention chip, rules line, checkpoint, result lines, the
 *   "Always" chip, the answer with its Copy / Retry actions).
 * Each is saved to test-artifacts/vscode-ui-readme/ and copied to docs/images/, where the README
 * shows it: the README's pictures are the last run's.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/readmeScreenshot.test.ts
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { missingTools, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, createTaskResponder } from './scriptedTasks';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-readme');
const README_IMAGES = join(REPOSITORY_ROOT, 'docs', 'images');
/** The message's text before its mention. */
const TASK = 'Add a farewell function like the greeting in';
const FAREWELL_FILE = 'src/farewell.ts';
const FAREWELL = '/** Formats a farewell. */\nexport function formatFarewell(name: string): string {\n  return `Goodbye, ${name}`;\n}\n';
const MAIN_FILE = 'src/main.ts';
/** src/main.ts as the sample workspace has it, then with the farewell imported and exported. */
const MAIN_BEFORE = readFileSync(join(SAMPLE_WORKSPACE_FIXTURE, 'src', 'main.ts_'), 'utf8');
const MAIN_AFTER = `import { formatFarewell } from './farewell';\n${MAIN_BEFORE}\n/** Says goodbye. */\nexport function farewell(name: string): string {\n  return formatFarewell(name);\n}\n`;
const FINAL_ANSWER = `Added \`formatFarewell\` in **${FAREWELL_FILE}**, documented as AGENTS.md asks, and \`farewell\` in **${MAIN_FILE}** next to \`greet\`.`;
/** How wide the sidebar is dragged, so the chat reads like a chat. */
const SIDEBAR_WIDTH = 520;
/** The window's size; the empty conversation is pictured in a lower window, so its picture has no tall empty middle. */
const WINDOW = { width: 1400, height: 900 };
const EMPTY_STATE_HEIGHT = 560;

/** The replica model: a new file, then a change to src/main.ts, each after the previous result, then the answer. */
const reply = createTaskResponder([
  {
    ask: TASK,
    replies: [
      `I will put it in a new file next to the greeting.\n${call('write_file', { path: FAREWELL_FILE, content: FAREWELL })}`,
      `Now the entry point exports it.\n${call('write_file', { path: MAIN_FILE, content: MAIN_AFTER })}`,
      FINAL_ANSWER,
    ],
  },
]);

/** Asserts that `element` lies wholly inside `area` (a box of the page as it shows now). */
async function assertInside(name: string, element: Locator, area: { x: number; y: number; width: number; height: number }, areaName: string): Promise<void> {
  await element.waitFor();
  const box = await element.boundingBox();
  assert.ok(box, `${name} has a box`);
  assert.ok(box.x >= area.x && box.y >= area.y && box.x + box.width <= area.x + area.width && box.y + box.height <= area.y + area.height, `${name} is inside ${areaName} (${JSON.stringify(box)} in ${JSON.stringify(area)})`);
}

/** Saves a picture of `target` under test-artifacts and copies it to docs/images for the README. */
async function savePicture(target: Page | Locator, name: string): Promise<void> {
  const path = join(ARTIFACTS, name);
  mkdirSync(ARTIFACTS, { recursive: true });
  await target.screenshot({ path });
  mkdirSync(README_IMAGES, { recursive: true });
  copyFileSync(path, join(README_IMAGES, name));
}

describe('README pictures of the chat view in real VS Code', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chat = () => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');
  const sidebarPart = () => workbench!.page.locator('.part.sidebar');
  /** The sidebar's box as the page shows it now. */
  const sidebarBox = async () => {
    const box = await sidebarPart().boundingBox();
    assert.ok(box && box.width >= SIDEBAR_WIDTH - 60, `the sidebar was widened (${box?.width ?? 0} px)`);
    return box;
  };
  const waitingCard = () => chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
  /** Resizes the window to `height` and waits until the workbench laid the sidebar out in it. */
  const resizeWindow = async (height: number) => {
    const page = workbench!.page;
    await page.setViewportSize({ width: WINDOW.width, height });
    await page.waitForFunction((bottom) => {
      const sidebar = document.querySelector('.part.sidebar')?.getBoundingClientRect();
      return sidebar !== undefined && sidebar.bottom <= bottom && sidebar.bottom > bottom - 60;
    }, height);
  };

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-readme', {
      viewport: WINDOW,
      responder: reply,
      prepareWorkspace: (workspaceDir) => writeFileSync(join(workspaceDir, 'AGENTS.md'), '# Agents\n\nDocument every exported function.\n'),
    });
    const page = workbench.page;
    // The secondary side bar starts open and empty: the pictures leave it out.
    await page.keyboard.press('F1');
    await workbench.pickInQuickInput('>Hide Secondary Side Bar', 'Hide Secondary Side Bar');
    await page.locator('.part.auxiliarybar').waitFor({ state: 'hidden' });
    // Widen the sidebar by dragging the sash on its right edge.
    const sidebar = await page.locator('.part.sidebar').boundingBox();
    assert.ok(sidebar, 'the sidebar is shown');
    const edge = sidebar.x + sidebar.width;
    await page.mouse.move(edge, sidebar.y + sidebar.height / 2);
    await page.mouse.down();
    await page.mouse.move(sidebar.x + SIDEBAR_WIDTH, sidebar.y + sidebar.height / 2, { steps: 10 });
    await page.mouse.up();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('a new conversation: the header names the demo site, three example prompts from the workspace, the demo line', async () => {
    await resizeWindow(EMPTY_STATE_HEIGHT);
    const sidebar = await sidebarBox();
    const status = chat().locator('[data-testid="connection-status"]');
    await assertInside('the header', status, sidebar, 'the visible sidebar');
    assert.match((await status.textContent()) ?? '', /^Demo \(offline\)/);
    const examples = chat().locator('[data-testid="example-prompt"]');
    await examples.first().waitFor();
    assert.equal(await examples.count(), 3);
    for (let index = 0; index < 3; index++) await assertInside(`example prompt ${index + 1}`, examples.nth(index), sidebar, 'the visible sidebar');
    assert.match((await examples.allTextContents()).join(' | '), /src\/main\.ts/, 'the examples name this workspace\'s files');
    await assertInside('the demo line', chat().locator('[data-testid="demo-note"]', { hasText: 'offline demo site' }), sidebar, 'the visible sidebar');
    await workbench!.page.mouse.move(900, 450);
    await assertInside('the composer', input(), sidebar, 'the visible sidebar');
    await savePicture(sidebarPart(), 'chat-empty.png');
    await resizeWindow(WINDOW.height);
  });

  it('an approval: the card waits (Approve / Always / Reject) beside its proposed change, with Accept / Reject in the editor title bar', async () => {
    const page = workbench!.page;
    await input().click();
    await input().pressSequentially(`${TASK} @`);
    await chat().locator('.mention-option.active', { hasText: 'file' }).waitFor();
    await input().press('Enter');
    await input().pressSequentially('greet');
    await chat().locator('.mention-option.active', { hasText: 'src/greeting.ts' }).waitFor();
    await input().press('Enter');
    await chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"]', { hasText: 'src/greeting.ts' }).waitFor();
    await input().press('Enter');

    // The new file: approved on its card.
    const first = waitingCard().filter({ hasText: FAREWELL_FILE });
    await first.waitFor();
    await first.locator('[data-testid="approve"]').click();
    // The change to src/main.ts: its diff opened from the card.
    const card = waitingCard().filter({ hasText: MAIN_FILE });
    await card.waitFor();
    assert.equal(readFileSync(join(workbench!.workspaceDir, FAREWELL_FILE), 'utf8'), FAREWELL);
    await card.locator('[data-testid="open-diff"]').click();
    const tab = page.locator('.tabs-container .tab', { hasText: /main\.ts \(proposed change\)/ });
    await tab.waitFor();
    const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
    // The first .ts document of the window starts TypeScript's extension in the extension host,
    // which also serves the proposed content: on a loaded machine that takes a while.
    await diff.locator('.view-line', { hasText: 'Says goodbye' }).first().waitFor({ timeout: 120_000 });
    const viewport = { x: 0, y: 0, ...page.viewportSize()! };
    const sidebar = await sidebarBox();
    for (const action of ['approve', 'approve-always', 'reject']) await assertInside(`the card's ${action}`, card.locator(`[data-testid="${action}"]`), sidebar, 'the visible sidebar');
    await assertInside('the proposed change tab', tab, viewport, 'the window');
    for (const name of ['Accept', 'Reject']) await assertInside(`${name} in the editor title bar`, page.locator(`.editor-actions [aria-label^="${name} Proposed Change"]`), viewport, 'the window');
    await assertInside('the added lines', diff.locator('.view-line', { hasText: 'Says goodbye' }).first(), viewport, 'the window');
    await page.mouse.move(viewport.width / 2, viewport.height - 120);
    await savePicture(page, 'chat-approval.png');
    await card.locator('[data-testid="approve-always"]').click();
  });

  it('the finished task: the sent mention chip, rules line, checkpoint, result lines, the "Always" chip and the answer with its actions', async () => {
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'documented as AGENTS.md asks' }).waitFor();
    assert.equal(readFileSync(join(workbench!.workspaceDir, MAIN_FILE), 'utf8'), MAIN_AFTER);
    // The task's last item comes after the answer and scrolls the list: measure once it is there.
    await chat().locator('[data-testid="task-changes"]').waitFor();
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await workbench!.page.locator('.tabs-container .tab', { hasText: '(proposed change)' }).waitFor({ state: 'detached' });

    const sidebar = await sidebarBox();
    const chip = chat().locator('[data-testid="user-message"] [data-testid="mention-chip"]', { hasText: 'src/greeting.ts' });
    const rules = chat().locator('[data-testid="rules-used"]', { hasText: 'AGENTS.md' });
    const checkpoint = chat().locator('[data-testid="checkpoint"]', { hasText: `changed ${FAREWELL_FILE}` });
    const restore = checkpoint.locator('[data-testid="restore-checkpoint"]', { hasText: 'Restore checkpoint' });
    const created = chat().locator('[data-testid="tool-card"]', { hasText: 'Created src/farewell.ts' });
    const always = chat().locator('[data-testid="auto-approval-always"]');
    const answer = chat().locator('[data-testid="assistant-message"]', { hasText: 'documented as AGENTS.md asks' });
    await assertInside('the sent mention chip', chip, sidebar, 'the visible sidebar');
    await assertInside('the rules line', rules, sidebar, 'the visible sidebar');
    await assertInside('"Restore checkpoint"', restore, sidebar, 'the visible sidebar');
    await assertInside('the new file\'s card with its result line', created, sidebar, 'the visible sidebar');
    await assertInside('the "Always" chip', always, sidebar, 'the visible sidebar');
    assert.equal((await rules.textContent())?.trim(), 'Rules: AGENTS.md');
    assert.match((await always.textContent()) ?? '', /write_file/);
    // The writes' own times as their cards show them (printed to compare runs, not asserted: a loaded machine varies).
    for (const card of await chat().locator('[data-testid="tool-card"][data-tool="write_file"]').all()) {
      console.log(`write_file card: ${(await card.textContent())?.replace(/\s+/g, ' ').slice(0, 90)} — ${await card.getAttribute('data-duration-ms')} ms (the approval wait of ${await card.getAttribute('data-approval-wait-ms') ?? 0} ms left out)`);
    }
    const [alwaysBox, messageBox] = [await always.boundingBox(), await chat().locator('[data-testid="user-message"]').first().boundingBox()];
    assert.ok(alwaysBox && messageBox && alwaysBox.x >= messageBox.x - 1, `the "Always" chip lines up with the messages, clear of the sidebar's edge (${alwaysBox?.x} vs ${messageBox?.x})`);

    // The input is left empty and unfocused so the picture shows its hint text; the answer is hovered, so its actions show.
    await input().blur();
    await answer.hover();
    const copy = answer.locator('[data-testid="copy-message"]');
    await assertInside('the answer\'s Copy', copy, sidebar, 'the visible sidebar');
    await assertInside('the answer\'s Retry', answer.locator('[data-testid="retry-message"]'), sidebar, 'the visible sidebar');
    assert.equal(await copy.evaluate((button) => getComputedStyle(button.parentElement!).opacity), '1', 'the hovered answer shows its actions');
    await savePicture(sidebarPart(), 'chat-view.png');
  });
});
