/**
 * Long context through a file, in a REAL VS Code, through the ChatGPT replica site driven by the
 * extension's real browser backend. The site takes at most 100,000 characters (the replica
 * refuses longer messages, and `ptk.siteOverrides` tells the adapter so); the workspace holds a
 * 300 KB text file, and the limits of the tool result and of the history are raised so that
 * read_file's whole page reaches the next prompt. The replica model asks read_file for the
 * file; the next prompt (the ~300 KB result) is too long for the box, so the extension uploads
 * it as `ptk-context-<nonce>-1.txt` through the site's file input before it types a prompt under
 * the limit that names that file. The model reads the named upload and answers; the chat view
 * shows the answer. Screenshots: test-artifacts/vscode-ui-long-context/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';

/** The site's limit, in characters. */
const SITE_LIMIT = 100_000;
/** The big file: read_file's whole first page (its default 2000 lines), 150 characters a line. */
const BIG_FILE = 'data/big-context.txt';
const BIG_LINES = Array.from({ length: 2_000 }, (_, index) => {
  const head = `entry ${String(index + 1).padStart(4, '0')} of the long context:`;
  return `${head} ${'lorem ipsum dolor sit amet '.repeat(6)}`.slice(0, 149) + '.';
});
const BIG_TEXT = `${BIG_LINES.join('\n')}\n`;
const ASK = `Summarise ${BIG_FILE} for me.`;
/** The name the extension gives the first overflow file of a turn. */
const OVERFLOW_NAME = /ptk-context-[0-9a-z]+-1\.txt/;

describe('a context longer than the site takes goes up as a file (real VS Code, replica site)', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const prompts: string[] = [];
  const chat = () => workbench!.chat();

  /** The replica model: asks for the file, then answers from the upload the prompt names. */
  const respond = (prompt: string): string => {
    prompts.push(prompt);
    const named = OVERFLOW_NAME.exec(prompt)?.[0];
    if (!named) return `I will read it.\n<TOOL_CALL>${JSON.stringify({ tool: 'read_file', args: { path: BIG_FILE } })}</TOOL_CALL>`;
    const upload = workbench?.replica.uploads.find((candidate) => candidate.name === named);
    if (!upload) return `There is no file ${named} with the message.`;
    const text = upload.data.toString('utf8');
    const found = BIG_LINES.filter((line) => text.includes(line)).length;
    return `Read ${named}: ${found} of its lines are entries of the long context, the last one is entry ${BIG_LINES.length}.`;
  };

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-long-context'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: respond,
      // Where the chats go (the site's limits included) is a user setting: a workspace's would be ignored.
      userSettings: { 'ptk.siteOverrides': { chatgpt: { maxPromptChars: SITE_LIMIT } } },
      prepareWorkspace: (workspaceDir) => {
        mkdirSync(join(workspaceDir, 'data'), { recursive: true });
        writeFileSync(join(workspaceDir, BIG_FILE), BIG_TEXT);
        const settingsFile = join(workspaceDir, '.vscode', 'settings.json');
        const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
        writeFileSync(
          settingsFile,
          JSON.stringify(
            {
              ...settings,
              // The whole read_file page in the result and in the next prompt: nothing cuts it below the site's limit.
              'ptk.tools.resultFieldMaxChars': 400_000,
              'ptk.toolResultMaxChars': 400_000,
              'ptk.historyBudgetChars': 1_000_000,
              // A chat that holds it all: no compaction before the long prompt is sent.
              'ptk.chatLimitChars': 10_000_000,
            },
            null,
            2,
          ),
        );
      },
    });
    // The site itself refuses a longer message, as the real ones do.
    workbench.replica.setScenario({ maxPromptChars: SITE_LIMIT });
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('reads a 300 KB file; the next prompt goes up as ptk-context-…txt before a prompt under the limit that names it; the answer shows', async () => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(ASK);
    await input.press('Enter');
    const answer = chat().locator('.message.assistant:not(.streaming)', { hasText: /Read ptk-context-[0-9a-z]+-1\.txt/ });
    const errorCard = chat().locator('[data-testid="error-card"]');
    // The answer, or an error card (a prompt refused as too long, a failed upload) ends the wait early.
    await answer.or(errorCard).first().waitFor({ timeout: 120_000 });
    await workbench!.shot('answered');
    assert.equal(await errorCard.count(), 0, `no error: ${await errorCard.allTextContents()}`);

    const replica = workbench!.replica;
    assert.equal(replica.submissions.length, 2, 'two turns: the ask, then the read result');
    const [first, second] = replica.submissions;
    assert.ok(first!.text.includes(ASK) && first!.text.length <= SITE_LIMIT, 'the first prompt fits as it is');
    assert.deepEqual(first!.attachments, [], 'and goes without a file');

    assert.equal(replica.uploads.length, 1, 'one overflow file');
    const upload = replica.uploads[0]!;
    assert.match(upload.name, new RegExp(`^${OVERFLOW_NAME.source}$`));
    assert.equal(upload.mimeType, 'text/plain');
    assert.equal(upload.status, 'accepted');
    const uploaded = upload.data.toString('utf8');
    assert.ok(uploaded.length > 300_000, `the file carries the read result (${uploaded.length} characters)`);
    const missing = BIG_LINES.filter((line) => !uploaded.includes(line));
    assert.equal(missing.length, 0, `every line of ${BIG_FILE} is in the uploaded file (missing e.g. "${missing[0]?.slice(0, 40)}")`);

    assert.ok(second!.text.length <= SITE_LIMIT, `the typed prompt is within the limit (${second!.text.length} characters)`);
    assert.ok(second!.text.includes(upload.name), 'the typed prompt names the file');
    assert.ok(!second!.text.includes(BIG_LINES[1_000]!), "the file's text is not typed as well");
    assert.deepEqual(second!.attachments, [upload.name], 'the message carries the file');
    assert.ok(upload.sequence < second!.sequence, 'the file went up before the prompt that names it');

    const shown = (await answer.last().textContent()) ?? '';
    assert.match(shown, new RegExp(`Read ${upload.name.replace(/\./g, '\\.')}: ${BIG_LINES.length} of its lines are entries of the long context`));
    assert.equal(prompts.length, 2, 'the model was asked twice');
  });
});
