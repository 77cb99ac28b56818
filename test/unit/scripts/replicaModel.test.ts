/**
 * The demo model `npm start` serves on its replica site (test/vscode/ui/replicaModel.ts), played
 * through the real engine, the real tools and a copy of the sample workspace: each request gets
 * the honest flow (which tools it calls, on which file, what the answer says), whether the model
 * sees the whole transcript every turn or, like a chat site, only what is new in its thread.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ApprovalDecision, WorkspaceDiagnostic } from '../../../src/core/workspace';
import { ScriptedChatModel } from '../../../src/core/testing';
import { compactionRequest } from '../../../src/core/conversation/contextCompaction';
import { steeringMessageText } from '../../../src/core/protocol/feedback';
import { createAssistantRun } from '../../../src/host/shared/assistantRun';
import { ASK_MODE } from '../../../src/ui/modes/builtinModes';
import { toolsForMode } from '../../../src/ui/modes/toolsForMode';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { SAMPLE_WORKSPACE_FIXTURE } from '../../vscode/harness/paths';
import { copyWorkspaceFixture } from '../../vscode/harness/workspaceFixture';
import { chooseReply, siteTranscript } from '../../vscode/ui/replicaModel';
import { tempFolders } from '../fixtures/tempFolders';
import type { ContextMention } from '../../../src/shared/chat/mentions';
import { renderAttachedContext } from '../../../src/ui/mentionContext';
import { RENDERED_TEXT_NOTE } from '../../../src/browser/outgoingMessage';

const temp = tempFolders();

interface Played {
  /** "tool path" of each call that ran, in order. */
  calls: string[];
  answer: string;
  success: boolean;
  root: string;
  /** Approvals the tools asked for. */
  approvals: string[];
  /** The stages of the chat's compactions. */
  compactions: string[];
  /** The model's replies, in order. */
  replies: string[];
}

/** Runs `request` as a task on a fresh copy of the sample workspace with the demo model. */
async function play(
  request: string,
  options: { threaded?: boolean; renderedText?: boolean; approve?: ApprovalDecision; readOnly?: boolean; compactAtChars?: number; diagnostics?: (root: string) => WorkspaceDiagnostic[]; before?: (root: string) => void } = {},
): Promise<Played> {
  const root = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, path.join(temp.folder('ptk-demo-model-'), 'workspace'));
  options.before?.(root);
  const approvals: string[] = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    trusted: true,
    diagnostics: () => options.diagnostics?.(root) ?? [],
    approver: async (request) => {
      approvals.push(request.toolName);
      return options.approve ?? { decision: 'approve' };
    },
  });
  // A thread-keeping site sees its earlier turns: the model gets them as the replica server gives them.
  const earlier: { prompt: string; reply: string }[] = [];
  const replies: string[] = [];
  const model = new ScriptedChatModel(
    (typed) => {
      // A page read as rendered text: the browser backend ends each message with its request for code blocks.
      const prompt = options.renderedText ? `${typed}\n\n${RENDERED_TEXT_NOTE}` : typed;
      const reply = chooseReply(options.threaded ? siteTranscript(earlier, prompt) : prompt).text;
      earlier.push({ prompt, reply });
      replies.push(reply);
      return reply;
    },
    { keepsThread: options.threaded ?? false },
  );
  const run = createAssistantRun({ model: () => model, workspace, tools: () => createWorkspaceTools(workspace), settings: () => ({ maxIterations: 10 }) });
  const calls: string[] = [];
  const compactions: string[] = [];
  const result = await run(request, {
    onCompaction: (event) => void compactions.push(event.stage), ...(options.readOnly ? { mode: { name: ASK_MODE.name, tools: (tools) => toolsForMode(ASK_MODE, tools) } } : {}), ...(options.compactAtChars ? { compaction: { limitChars: options.compactAtChars } } : {}), onToolCall: (toolCall) => void calls.push(`${toolCall.tool} ${String(toolCall.args.path ?? toolCall.args.command ?? '')}`) });
  return { calls, answer: result.content ?? '', success: result.success, root, approvals, compactions, replies };
}

const explainSelection = 'Explain what this code does, and point out anything wrong with it.\n\nFrom src/main.ts, lines 4-4:\n```typescript\nconst retries: number = \'three\';\n```';
const fixMain = "Fix this problem in src/main.ts:\nerror (ts 2322) at line 4: Type 'string' is not assignable to type 'number'.\n\nRead the file first (read_file), then change it with edit_file or write_file so the problem goes away without changing behaviour otherwise. Check with get_diagnostics afterwards. Answer with a short explanation of the fix.";
const fixJson = 'Fix this problem in config/broken.json:\nerror (json) at line 4: Value expected\n\nRead the file first (read_file), then change it with edit_file or write_file so the problem goes away without changing behaviour otherwise.';

describe('the demo model (replica site of npm start)', () => {
  for (const threaded of [false, true]) {
    const mode = threaded ? 'a chat site keeping its thread' : 'the whole transcript every turn';
    describe(`seeing ${mode}`, () => {
      it('answers a free-form question by saying it is the offline demo model and how to use a real site', async () => {
        const played = await play('What is the capital of France?', { threaded });
        assert.deepEqual(played.calls, []);
        assert.match(played.answer, /offline demo model/);
        assert.match(played.answer, /ptk\.site/);
        assert.match(played.answer, /PTK: Connect Browser \/ Choose Site/);
        assert.doesNotMatch(played.answer, /Done|fixed/i, 'no claim that anything was done');
      });

      it('Explain Selection: reads the file, then answers with the lines in a code block', async () => {
        const played = await play(explainSelection, { threaded });
        assert.deepEqual(played.calls, ['read_file src/main.ts']);
        assert.match(played.answer, /```ts\nconst retries: number = 'three';\n```/);
        assert.match(played.answer, /TS2322/);
        assert.equal(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8').includes("'three'"), true, 'nothing changed');
      });

      it('a question naming a file: reads that file and explains it', async () => {
        const played = await play('Explain src/greeting.ts', { threaded });
        assert.deepEqual(played.calls, ['read_file src/greeting.ts']);
        assert.match(played.answer, /```ts\n\/\*\* Formats a greeting\. \*\/\nexport function formatGreeting/);
        assert.match(played.answer, /exports the function `formatGreeting\(name: string, times: number\)`/);
      });

      it('"Fix with PTK" on src/main.ts: reads it, then edits src/main.ts (not another file)', async () => {
        const played = await play(fixMain, { threaded });
        assert.deepEqual(played.calls, ['read_file src/main.ts', 'edit_file src/main.ts']);
        assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /const retries: number = 3;/);
        assert.match(readFileSync(path.join(played.root, 'config', 'broken.json'), 'utf8'), /"value": \n/, 'the other broken file is left alone');
        assert.match(played.answer, /^Fixed src\/main\.ts: `retries` is declared as a `number`/);
      });

      it('on a page read as rendered text (asked at the end of each message), its calls come in a ```json block inside the tags, and the fix still lands', async () => {
        const played = await play('Can you fix config/broken.json?', { threaded, renderedText: true });
        assert.deepEqual(played.calls, ['read_file config/broken.json', 'edit_file config/broken.json']);
        assert.deepEqual(JSON.parse(readFileSync(path.join(played.root, 'config', 'broken.json'), 'utf8')), { name: 'broken', value: 1 });
        assert.match(played.replies[1]!, /<TOOL_CALL>\n```json\n\{"tool":"edit_file".*\\"value\\".*\n```\n<\/TOOL_CALL>/s);
      });

      it('"Fix with PTK" on config/broken.json: reads it, then edits it into valid JSON', async () => {
        const played = await play(fixJson, { threaded });
        assert.deepEqual(played.calls, ['read_file config/broken.json', 'edit_file config/broken.json']);
        assert.deepEqual(JSON.parse(readFileSync(path.join(played.root, 'config', 'broken.json'), 'utf8')), { name: 'broken', value: 1 });
        assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /'three'/);
        assert.match(played.answer, /^Fixed config\/broken\.json/);
      });

      it("the empty chat's example \"Fix the problems VS Code reports in config/broken.json\" plays the fix", async () => {
        const played = await play('Fix the problems VS Code reports in config/broken.json', { threaded });
        assert.deepEqual(played.calls, ['read_file config/broken.json', 'edit_file config/broken.json']);
        assert.match(played.answer, /^Fixed config\/broken\.json/);
      });

      for (const request of ['Fix the type error in src/main.ts', 'Fix src/main.ts', 'Can you fix src/main.ts?', 'please fix the bug in src/main.ts.', 'Could you fix `src/main.ts` for me']) {
        it(`a fix asked in words, "${request}": reads src/main.ts, then edits it`, async () => {
          const played = await play(request, { threaded });
          assert.deepEqual(played.calls, ['read_file src/main.ts', 'edit_file src/main.ts']);
          assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /const retries: number = 3;/);
          assert.match(readFileSync(path.join(played.root, 'config', 'broken.json'), 'utf8'), /"value": \n/, 'the other broken file is left alone');
          assert.match(played.answer, /^Fixed src\/main\.ts: `retries` is declared as a `number`/);
        });
      }

      it('"Can you fix config/broken.json?": edits the file it names into valid JSON', async () => {
        const played = await play('Can you fix config/broken.json?', { threaded });
        assert.deepEqual(played.calls, ['read_file config/broken.json', 'edit_file config/broken.json']);
        assert.deepEqual(JSON.parse(readFileSync(path.join(played.root, 'config', 'broken.json'), 'utf8')), { name: 'broken', value: 1 });
      });

      it('"fix the bug in" a file that is not there: the read\'s error, no edit and no claim of a fix', async () => {
        const played = await play('fix the bug in src/x.ts', { threaded });
        assert.deepEqual(played.calls, ['read_file src/x.ts']);
        assert.match(played.answer, /^I could not read src\/x\.ts: \S/);
      });

      it('"fix" a file it has no scripted fix for: reads it and says it changed nothing', async () => {
        const played = await play('Fix src/greeting.ts', { threaded });
        assert.deepEqual(played.calls, ['read_file src/greeting.ts']);
        assert.match(played.answer, /^I read src\/greeting\.ts, but I have no scripted fix for it, so I changed nothing\./);
      });

      it('a rejected fix: says it changed nothing and repeats the reason', async () => {
        const played = await play(fixMain, { threaded, approve: { decision: 'reject', reason: 'not now' } });
        assert.deepEqual(played.calls, ['read_file src/main.ts', 'edit_file src/main.ts']);
        assert.equal(played.answer, 'You rejected the change, so I did not change src/main.ts. Your reason: "not now". Tell me what to do differently and I will try again.');
      });

      it('"Find the problems … and fix them": asks for the diagnostics, then fixes the file VS Code reports an error in', async () => {
        const reported = (root: string): WorkspaceDiagnostic[] => [
          { path: path.join(root, 'config', 'broken.json'), severity: 'warning', message: 'Unused key', range: { startLine: 2, startColumn: 1, endLine: 2, endColumn: 5 } },
          { path: path.join(root, 'src', 'main.ts'), severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'ts', code: 2322, range: { startLine: 4, startColumn: 7, endLine: 4, endColumn: 14 } },
        ];
        const played = await play('Find the problems VS Code reports in this workspace and fix them.', { threaded, diagnostics: reported });
        assert.deepEqual(played.calls, ['get_diagnostics ', 'read_file src/main.ts', 'edit_file src/main.ts']);
        assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /const retries: number = 3;/);
        assert.match(played.answer, /^Fixed src\/main\.ts/);
      });

      it('"Find the problems … and fix them" with errors in two files: fixes both in one task, then names each file fixed', async () => {
        const reported = (root: string): WorkspaceDiagnostic[] => [
          { path: path.join(root, 'config', 'broken.json'), severity: 'error', message: 'Value expected', range: { startLine: 4, startColumn: 1, endLine: 4, endColumn: 2 } },
          { path: path.join(root, 'src', 'main.ts'), severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'ts', code: 2322, range: { startLine: 4, startColumn: 7, endLine: 4, endColumn: 14 } },
        ];
        const played = await play('Find the problems VS Code reports in this workspace and fix them.', { threaded, diagnostics: reported });
        assert.deepEqual(played.calls, ['get_diagnostics ', 'read_file config/broken.json', 'edit_file config/broken.json', 'read_file src/main.ts', 'edit_file src/main.ts']);
        assert.deepEqual(JSON.parse(readFileSync(path.join(played.root, 'config', 'broken.json'), 'utf8')), { name: 'broken', value: 1 });
        assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /const retries: number = 3;/);
        assert.ok(played.success);
        assert.match(played.answer, /^Fixed 2 of the 2 files VS Code reports errors in:\n- config\/broken\.json: "value" had no value[^\n]*\n- src\/main\.ts: `retries` is declared as a `number`[^\n]*$/);
      });

      it('"Find the problems … and fix them": names a file it has no fix for, and one whose change was rejected, as not fixed', async () => {
        const reported = (root: string): WorkspaceDiagnostic[] => [
          { path: path.join(root, 'README.md'), severity: 'error', message: 'Unknown word', range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 } },
          { path: path.join(root, 'src', 'main.ts'), severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'ts', code: 2322, range: { startLine: 4, startColumn: 7, endLine: 4, endColumn: 14 } },
        ];
        const played = await play('Find the problems VS Code reports in this workspace and fix them.', { threaded, diagnostics: reported, approve: { decision: 'reject', reason: 'not now' } });
        assert.deepEqual(played.calls, ['get_diagnostics ', 'read_file README.md', 'read_file src/main.ts', 'edit_file src/main.ts']);
        assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /'three'/, 'nothing changed');
        assert.equal(
          played.answer,
          'I fixed none of the 2 files VS Code reports errors in.\n\nNot fixed:\n- README.md: I have no scripted fix for it, so I changed nothing.\n- src/main.ts: I did not change it: you rejected the change (your reason: "not now").',
        );
      });

      it('"Find the problems … and fix them" when VS Code reports none: says so and changes nothing', async () => {
        const played = await play('Find the problems VS Code reports in this workspace and fix them.', { threaded });
        assert.deepEqual(played.calls, ['get_diagnostics ']);
        assert.match(played.answer, /^VS Code reports no problems in this workspace right now/);
        assert.deepEqual(played.approvals, []);
      });

      it('"Write a test for src/greeting.ts": reads it, then writes a test that passes against the file', async () => {
        const played = await play('Write a test for src/greeting.ts', { threaded });
        assert.deepEqual(played.calls, ['read_file src/greeting.ts', 'write_file test/greeting.test.ts']);
        assert.deepEqual(played.approvals, ['write_file']);
        const test = readFileSync(path.join(played.root, 'test', 'greeting.test.ts'), 'utf8');
        assert.match(test, /import \{ formatGreeting \} from '\.\.\/src\/greeting';/);
        assert.match(test, /assert\.equal\(result, \('Hello, ' \+ 'Ada'\)\.repeat\(3\)\);/);
        // The written test runs and passes against the sample's code.
        // Run from this repository (where tsx is installed), outside this test run's own test context.
        const { NODE_TEST_CONTEXT: _, ...env } = process.env;
        const output = execFileSync(process.execPath, ['--import', 'tsx', '--test', path.join(played.root, 'test', 'greeting.test.ts')], { encoding: 'utf8', env });
        assert.match(output, /# pass 1\n# fail 0/);
        assert.match(played.answer, /^Wrote test\/greeting\.test\.ts\. Run it with/);
      });

      it('a write: write_file, then "Done" naming the file', async () => {
        const played = await play('Please write hello to notes/hello.txt again.', { threaded });
        assert.deepEqual(played.calls, ['write_file notes/hello.txt']);
        assert.equal(readFileSync(path.join(played.root, 'notes', 'hello.txt'), 'utf8'), 'Hello from PTK\n');
        assert.deepEqual(played.approvals, ['write_file']);
        assert.match(played.answer, /^Done: created notes\/hello\.txt/);
      });

      it('a rejected write: says it changed nothing and repeats the reason', async () => {
        const played = await play('Please write hello to notes/hello.txt', { threaded, approve: { decision: 'reject', reason: 'use a different file name' } });
        assert.deepEqual(played.calls, ['write_file notes/hello.txt']);
        assert.equal(played.answer, 'You rejected the change, so I did not write notes/hello.txt. Your reason: "use a different file name". Tell me what to do differently and I will try again.');
      });

      it('a rejection without a reason reads as a sentence, not "no reason given"', async () => {
        const played = await play('Please write hello to notes/hello.txt', { threaded, approve: { decision: 'reject' } });
        assert.equal(played.answer, 'You rejected the change, so I did not write notes/hello.txt. Tell me what to do differently and I will try again.');
      });

      it('a command: run_command (which asks), then its output', async () => {
        const played = await play('Run npm test', { threaded });
        assert.deepEqual(played.calls, ['run_command npm test']);
        assert.deepEqual(played.approvals, ['run_command'], 'the command asked first');
        assert.match(played.answer, /^`npm test` finished with exit code 0\.\n\n```\n[\s\S]*sample tests ok\n```$/);
      });

      it('"read src/main.ts": read_file, then the whole file in a code block', async () => {
        const played = await play('read src/main.ts', { threaded });
        assert.deepEqual(played.calls, ['read_file src/main.ts']);
        const content = readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8').replace(/\n$/, '');
        assert.equal(played.answer, `\`src/main.ts\` (${content.split('\n').length} lines):\n\n\`\`\`ts\n${content}\n\`\`\``);
      });

      it('"show .env": the deny list refuses, and the answer says so with the tool\'s error', async () => {
        const played = await play('show .env', { threaded, before: (root) => writeFileSync(path.join(root, '.env'), 'SECRET=hunter2\n') });
        assert.deepEqual(played.calls, ['read_file .env']);
        assert.match(played.answer, /^I could not read \.env: .*den/i);
        assert.doesNotMatch(played.answer, /hunter2/);
      });

      it('"open" a missing file or one outside the workspace: the tool\'s error, no content', async () => {
        const missing = await play('open notes/missing.md', { threaded });
        assert.deepEqual(missing.calls, ['read_file notes/missing.md']);
        assert.match(missing.answer, /^I could not read notes\/missing\.md: \S/);
        const outside = await play('read ../outside.txt', { threaded });
        assert.deepEqual(outside.calls, ['read_file ../outside.txt']);
        assert.match(outside.answer, /^I could not read \.\.\/outside\.txt: .*outside the workspace/);
      });

      it('the empty chat\'s search example: search_code, then the matches, or that there are none', async () => {
        // The sample workspace a newcomer opens has one TODO, so the example shows a match.
        const sample = await play('Search this workspace for TODO and FIXME comments.', { threaded });
        assert.deepEqual(sample.calls, ['search_code ']);
        assert.match(sample.answer, /^Found 1 match for `TODO\|FIXME`:\n\n```\nnotes\/todo\.md:5:\d+: - TODO: cover formatGreeting with times = 0 in a test\n```$/);
        const withoutTodo = (root: string): void => writeFileSync(path.join(root, 'notes', 'todo.md'), '# Notes\n');
        const none = await play('Search this workspace for TODO and FIXME comments.', { threaded, before: withoutTodo });
        assert.equal(none.answer, 'There are no TODO or FIXME comments in this workspace: searching for `TODO|FIXME` found no matches.');
        const found = await play('Search this workspace for TODO and FIXME comments.', { threaded, before: (root) => { withoutTodo(root); writeFileSync(path.join(root, 'src', 'later.ts'), '// FIXME: handle retries\n'); } });
        assert.match(found.answer, /^Found 1 match for `TODO\|FIXME`:\n\n```\nsrc\/later\.ts:1:\d+: \/\/ FIXME: handle retries\n```$/);
      });

      it('a write asked for in a read-only task: says it cannot, points to Agent mode, and calls nothing', async () => {
        const played = await play('Please write hello to notes/hello.txt', { threaded, readOnly: true });
        assert.deepEqual(played.calls, []);
        assert.match(played.answer, /read-only tools/);
        assert.match(played.answer, /Agent mode/);
      });

      it('a fix, or a plan for one, in a read-only task: reads the file and answers with a numbered plan, changing nothing', async () => {
        for (const request of ['Fix src/main.ts', 'Make a plan to fix the type error in src/main.ts']) {
          const played = await play(request, { threaded, readOnly: true });
          assert.deepEqual(played.calls, ['read_file src/main.ts'], request);
          assert.match(played.answer, /^I read `src\/main\.ts`; in this mode I cannot change files, so here is the plan:\n\n1\. In `src\/main\.ts`, change `const retries: number = 'three';` to `const retries: number = 3;`/);
          assert.match(played.answer, /\n2\. Check that VS Code reports no problem left in `src\/main\.ts`\./);
          assert.match(readFileSync(path.join(played.root, 'src', 'main.ts'), 'utf8'), /'three'/, 'nothing changed');
        }
      });
    });
  }

  it('answers PTK\'s compaction request with a summary, and a compacted chat goes on with its task', async () => {
    // A chat limit that the read's result passes: the summary is asked, then the explanation comes in a new chat.
    const played = await play('Explain src/main.ts', { threaded: true, compactAtChars: 5_000 });
    assert.equal(played.success, true);
    assert.deepEqual(played.compactions, ['summarizing', 'done']);
    assert.deepEqual(played.calls, ['read_file src/main.ts']);
    assert.match(played.answer, /^Lines 1-\d+ of `src\/main\.ts`/);
    const summary = chooseReply(`SYSTEM:\nS\n\nUSER:\nExplain src/main.ts\n\nASSISTANT:\nI will read src/main.ts first.\n<TOOL_CALL>{"tool":"read_file","args":{"path":"src/main.ts"}}</TOOL_CALL>\n\nTOOL:\n${compactionRequest()}`);
    assert.equal(summary.text, 'Asked: "Explain src/main.ts".\nDone: read_file src/main.ts.\nLeft: finish "Explain src/main.ts".');
  });

  it('follows a message the user sent into the task (Send now), after the tool result it came with', () => {
    const task = 'SYSTEM:\nS\n\nUSER:\nPlease write hello to notes/hello.txt\n\nASSISTANT:\n<TOOL_CALL>{"tool":"write_file","args":{"path":"notes/hello.txt","content":"x"}}</TOOL_CALL>';
    const result = 'TOOL_RESULT: {"success":true,"data":{"path":"notes/hello.txt","created":true},"error":null}';
    const steered = `${steeringMessageText('Explain src/greeting.ts')}`;
    const readsGreeting = /<TOOL_CALL>\{"tool":"read_file","args":\{"path":"src\/greeting\.ts"\}\}<\/TOOL_CALL>/;
    // A chat site's thread: the message comes after the tool's result, in the same prompt.
    assert.match(chooseReply(`${task}\n\nTOOL:\n${result}\n\n${steered}`).text, readsGreeting);
    // The whole transcript: the message is the user's own turn after the result.
    assert.match(chooseReply(`${task}\n\nTOOL:\n${result}\n\nUSER:\n${steered}`).text, readsGreeting);
    // Without it, the write's flow ends as scripted.
    assert.match(chooseReply(`${task}\n\nTOOL:\n${result}`).text, /^Done/);
  });

  it('"Check http://localhost:5173/ for errors": opens the page with the browser tool, then lists its console errors and failed requests', () => {
    const system = 'SYSTEM:\nS\n\nAVAILABLE TOOLS:\n- browser(action: string, url?: string): Use a real browser\n\nTOOL CALLING PROTOCOL:\n…';
    const ask = 'USER:\nCheck http://localhost:5173/ for errors';
    const opened = chooseReply(`${system}\n\n${ask}`).text;
    assert.match(opened, /<TOOL_CALL>\{"tool":"browser","args":\{"action":"open","url":"http:\/\/localhost:5173\/"\}\}<\/TOOL_CALL>/);
    const result = JSON.stringify({ success: true, data: { url: 'http://localhost:5173/', title: 'Dev page', consoleErrors: ['Uncaught TypeError: app is undefined'], failedRequests: [{ url: 'http://localhost:5173/logo.png', reason: '404' }] }, error: null });
    const answer = chooseReply(`${system}\n\n${ask}\n\nASSISTANT:\n${opened}\n\nTOOL:\nTOOL_RESULT: ${result}`).text;
    assert.match(answer, /I opened \*\*Dev page\*\*/);
    assert.match(answer, /- `Uncaught TypeError: app is undefined`/);
    assert.match(answer, /- http:\/\/localhost:5173\/logo\.png \(404\)/);
    // Without the tool on offer, no call of it.
    assert.doesNotMatch(chooseReply(`SYSTEM:\nS\n\nAVAILABLE TOOLS:\n- read_file(path: string): Read\n\nTOOL CALLING PROTOCOL:\n…\n\n${ask}`).text, /"tool":"browser"/);
  });

  it('"Act on this plan" on its Plan-mode fix: makes the fix, as Agent mode does', async () => {
    const planned = await play('Fix config/broken.json', { readOnly: true });
    assert.deepEqual(planned.calls, ['read_file config/broken.json']);
    const acted = await play(`Carry out this plan, step by step. Check each step as you go, and say what you changed at the end.\n\n${planned.answer}`);
    assert.deepEqual(acted.calls, ['read_file config/broken.json', 'edit_file config/broken.json']);
    assert.deepEqual(JSON.parse(readFileSync(path.join(acted.root, 'config', 'broken.json'), 'utf8')), { name: 'broken', value: 1 });
    assert.match(acted.answer, /^Fixed config\/broken\.json/);
  });

  it('a page attached with @https://…: says what it is and how it starts, or why it was not attached', () => {
    const page: ContextMention = { kind: 'url', label: 'http://localhost:3000/', url: 'http://localhost:3000/' };
    const attached = renderAttachedContext([{ mention: page, content: '# Dev page\n\nHello from the dev server.', attributes: { url: 'http://localhost:3000/', title: 'My dev app' } }]);
    const answer = chooseReply(`SYSTEM:\nS\n\nUSER:\nWhat does this page say?\n\n${attached}`).text;
    assert.match(answer, /^The page you attached is \*\*My dev app\*\* \(http:\/\/localhost:3000\/\)\. It starts:\n\n> # Dev page\n> Hello from the dev server\./);
    const failed = renderAttachedContext([{ mention: page, content: '', error: 'http://localhost:3000/ did not load: nothing answers at localhost:3000' }]);
    assert.match(chooseReply(`USER:\nWhat does this page say?\n\n${failed}`).text, /^The page you attached could not be read: http:\/\/localhost:3000\/ did not load: nothing answers at localhost:3000$/);
  });

  it('"Explain" with a file attached with @ (no path typed): reads that file and explains it', () => {
    const file: ContextMention = { kind: 'file', label: 'src/greeting.ts', path: 'src/greeting.ts' };
    const attached = renderAttachedContext([{ mention: file, content: 'export function formatGreeting() {}\n' }]);
    assert.match(chooseReply(`SYSTEM:\nS\n\nUSER:\nExplain\n\n${attached}`).text, /<TOOL_CALL>\{"tool":"read_file","args":\{"path":"src\/greeting\.ts"\}\}<\/TOOL_CALL>/);
  });

  it('decides on the latest message, not on a tool result earlier in the conversation', () => {
    const system = 'SYSTEM:\nYou are an AI coding assistant with access to these tools:\n\nAVAILABLE TOOLS:\n- read_file(path: string): Read a file [read-only]\n\nTOOL CALLING PROTOCOL:\nSystem: TOOL_RESULT: {"success": true}';
    const earlierTask = 'USER:\nPlease write hello to notes/hello.txt\n\nASSISTANT:\n<TOOL_CALL>{"tool":"write_file","args":{"path":"notes/hello.txt","content":"x"}}</TOOL_CALL>\n\nTOOL:\nTOOL_RESULT: {"success":true,"data":{"path":"notes/hello.txt","created":true},"error":null}\n\nASSISTANT:\nDone.';
    const reply = chooseReply(`${system}\n\n${earlierTask}\n\nUSER:\nExplain src/greeting.ts`);
    assert.match(reply.text, /<TOOL_CALL>\{"tool":"read_file","args":\{"path":"src\/greeting\.ts"\}\}<\/TOOL_CALL>/);
  });
});
