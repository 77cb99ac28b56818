/**
 * The README's picture of the chat view, taken in a REAL VS Code (code-server) through the
 * ChatGPT replica site driven by the extension's real browser backend. The workspace has an
 * AGENTS.md; a message with an `@file` mention chosen with the keyboard asks for a new file; the
 * replica's model writes it through a write_file call (approved in the chat view) and answers.
 * The test checks that the sent message's mention chip, the "Rules: AGENTS.md" line and the
 * turn's "Restore checkpoint" row are all inside the visible sidebar at once, then saves the
 * sidebar to test-artifacts/vscode-ui-readme/readme-chat-view.png (docs/images/chat-view.png is a copy).
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/readmeScreenshot.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';

const SCREENSHOT = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-readme', 'readme-chat-view.png');
/** The message's text before its mention. */
const TASK = 'Add a farewell function like the greeting in';
const FAREWELL_FILE = 'src/farewell.ts';
const FAREWELL = '/** Formats a farewell. */\nexport function formatFarewell(name: string): string {\n  return `Goodbye, ${name}`;\n}\n';
const FINAL_ANSWER = `Added \`formatFarewell\` in **${FAREWELL_FILE}**, documented as AGENTS.md asks.`;
/** How wide the sidebar is dragged, so the chat reads like a chat. */
const SIDEBAR_WIDTH = 520;

/** The replica model: the task's first turn writes the file, the turn after its result answers. */
function reply(prompt: string): string {
  const lastResult = prompt.lastIndexOf('TOOL_RESULT');
  const lastAsk = prompt.lastIndexOf(TASK);
  if (lastAsk >= 0 && lastAsk > lastResult) {
    return `I will put it in a new file next to the greeting.\n<TOOL_CALL>${JSON.stringify({ tool: 'write_file', args: { path: FAREWELL_FILE, content: FAREWELL } })}</TOOL_CALL>`;
  }
  return lastResult >= 0 ? FINAL_ANSWER : 'Hello.';
}

describe('README screenshot of the chat view in real VS Code', { skip: missingTools() || undefined, timeout: 180_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chat = () => workbench!.chat();

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-readme', {
      viewport: { width: 1280, height: 800 },
      responder: reply,
      prepareWorkspace: (workspaceDir) => writeFileSync(join(workspaceDir, 'AGENTS.md'), '# Agents\n\nDocument every exported function.\n'),
    });
    // Widen the sidebar by dragging the sash on its right edge.
    const sidebar = await workbench.page.locator('.part.sidebar').boundingBox();
    assert.ok(sidebar, 'the sidebar is shown');
    const edge = sidebar.x + sidebar.width;
    await workbench.page.mouse.move(edge, sidebar.y + sidebar.height / 2);
    await workbench.page.mouse.down();
    await workbench.page.mouse.move(sidebar.x + SIDEBAR_WIDTH, sidebar.y + sidebar.height / 2, { steps: 10 });
    await workbench.page.mouse.up();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('shows a sent mention chip, the rules line and a checkpoint row together, and saves the picture', async () => {
    const page = workbench!.page;
    const input = chat().locator('[data-testid="chat-input"]');
    await input.click();
    await input.pressSequentially(`${TASK} @`);
    await chat().locator('.mention-option.active', { hasText: 'file' }).waitFor({ timeout: 15_000 });
    await input.press('Enter');
    await input.pressSequentially('greet');
    await chat().locator('.mention-option.active', { hasText: 'src/greeting.ts' }).waitFor({ timeout: 15_000 });
    await input.press('Enter');
    await chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"]', { hasText: 'src/greeting.ts' }).waitFor({ timeout: 10_000 });
    await input.press('Enter');

    const approve = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"] [data-testid="approve"]');
    await approve.waitFor({ timeout: 60_000 });
    await approve.click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'documented as AGENTS.md asks' }).waitFor({ timeout: 60_000 });
    assert.equal(readFileSync(join(workbench!.workspaceDir, FAREWELL_FILE), 'utf8'), FAREWELL);
    // The task's last item comes after the answer and scrolls the list: measure once it is there.
    await chat().locator('[data-testid="task-changes"]').waitFor({ timeout: 15_000 });
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached', timeout: 15_000 });

    const sidebarPart = page.locator('.part.sidebar');
    const sidebar = await sidebarPart.boundingBox();
    assert.ok(sidebar && sidebar.width >= SIDEBAR_WIDTH - 60, `the sidebar was widened (${sidebar?.width ?? 0} px)`);
    const chip = chat().locator('[data-testid="user-message"] [data-testid="mention-chip"]', { hasText: 'src/greeting.ts' });
    const rules = chat().locator('[data-testid="rules-used"]', { hasText: 'AGENTS.md' });
    const checkpoint = chat().locator('[data-testid="checkpoint"]', { hasText: `changed ${FAREWELL_FILE}` });
    const restore = checkpoint.locator('[data-testid="restore-checkpoint"]', { hasText: 'Restore checkpoint' });
    // In view together: each one's box lies inside the sidebar as the page shows it now.
    const inSidebar = async (name: string, element: Locator) => {
      await element.waitFor({ timeout: 10_000 });
      const box = await element.boundingBox();
      assert.ok(box, `${name} has a box`);
      assert.ok(box.x >= sidebar.x && box.y >= sidebar.y && box.x + box.width <= sidebar.x + sidebar.width && box.y + box.height <= sidebar.y + sidebar.height, `${name} is inside the visible sidebar (${JSON.stringify(box)} in ${JSON.stringify(sidebar)})`);
    };
    await inSidebar('the sent mention chip', chip);
    await inSidebar('the rules line', rules);
    await inSidebar('"Restore checkpoint"', restore);
    assert.equal((await rules.textContent())?.trim(), 'Rules: AGENTS.md');

    // The input is left empty and unfocused so the picture shows its hint text.
    await input.blur();
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    await sidebarPart.screenshot({ path: SCREENSHOT });
  });
});
