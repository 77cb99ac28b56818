import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApprovalRejectedError, LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { chooseConsultSite, CONSULT_TOOL_NAME, consultPrompt, createConsultTools, type ConsultPort } from '../../../../src/core/tools/consultTool';
import { runTool } from '../../../../src/core/tools/runTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { PTKTool } from '../../../../src/core/types';
import type { ApprovalRequest } from '../../../../src/core/workspace';

/** A port that records what the tool asked and answers from `answer` (or rejects with an error it returns). */
function fakePort(options: { own?: string; answer?: (site: string, prompt: string, signal: AbortSignal) => Promise<string>; reject?: string } = {}) {
  const approvals: ApprovalRequest[] = [];
  const sent: { site: string; prompt: string; signal: AbortSignal }[] = [];
  const port: ConsultPort = {
    ownSite: () => options.own,
    approve: async (request) => {
      approvals.push(request);
      if (options.reject !== undefined) throw new ApprovalRejectedError(undefined, { toolName: request.toolName, reason: options.reject });
    },
    send: async (site, prompt, signal) => {
      sent.push({ site, prompt, signal });
      return options.answer ? options.answer(site, prompt, signal) : `Answer from ${site}`;
    },
  };
  return { port, approvals, sent };
}

function consultTool(sites: readonly string[], port: ConsultPort): PTKTool {
  const [tool] = createConsultTools(sites, port);
  assert.ok(tool, 'the tool is offered');
  return tool;
}

const context = (signal: AbortSignal = new AbortController().signal) => ({ signal, toolCallId: 'call_1_0', iteration: 1 });

describe('consult: offered only when ptk.consultSites lists a site', () => {
  it('gives no tool for an empty list, one dangerous tool named consult otherwise', () => {
    assert.deepEqual(createConsultTools([], fakePort().port), []);
    const tool = consultTool(['claude'], fakePort().port);
    assert.equal(tool.name, CONSULT_TOOL_NAME);
    assert.equal(tool.dangerous, true, 'it asks the user first: it sends workspace content to another site');
    assert.notEqual(tool.readOnly, true);
    assert.deepEqual(tool.parameters.required, ['question']);
    assert.ok(tool.parameters.properties.site);
  });
});

describe('consult: the site asked', () => {
  it('asks the named site when it is listed', async () => {
    const { port, sent } = fakePort({ own: 'chatgpt' });
    const result = await runTool(consultTool(['claude', 'gemini'], port), { question: 'Why does this test fail?', site: 'gemini' }, context());
    assert.equal(result.success, true, result.error ?? '');
    assert.deepEqual(result.data, { site: 'gemini', answer: 'Answer from gemini' });
    assert.deepEqual(sent.map((call) => call.site), ['gemini']);
  });

  it('without a site, asks the first listed site that is not the task\'s own', async () => {
    const { port, sent } = fakePort({ own: 'chatgpt' });
    const result = await runTool(consultTool(['chatgpt', 'claude', 'gemini'], port), { question: 'Is this change safe?' }, context());
    assert.deepEqual(result.data, { site: 'claude', answer: 'Answer from claude' });
    assert.deepEqual(sent.map((call) => call.site), ['claude']);
  });

  it('the first listed when every listed site is the task\'s own (a new chat there), or when the own site is unknown', () => {
    assert.equal(chooseConsultSite(['chatgpt'], undefined, 'chatgpt'), 'chatgpt');
    assert.equal(chooseConsultSite(['chatgpt', 'claude'], undefined, undefined), 'chatgpt');
  });

  it('refuses a site the setting does not list, naming ptk.consultSites, before asking the user or sending anything', async () => {
    const { port, sent, approvals } = fakePort({ own: 'chatgpt' });
    const result = await runTool(consultTool(['claude', 'gemini'], port), { question: 'Hm?', site: 'deepseek' }, context());
    assert.equal(result.success, false);
    assert.equal(result.code, PTKErrorCode.CONFIG_INVALID);
    assert.match(result.error ?? '', /"deepseek" is not one consult may ask: ptk\.consultSites lists "claude", "gemini"/);
    assert.equal(approvals.length, 0);
    assert.equal(sent.length, 0);
  });
});

describe('consult: what is sent and what comes back', () => {
  it('sends a preamble (a colleague\'s question, plain text, no tool calls) and the question; returns { site, answer }', async () => {
    const { port, sent } = fakePort({ answer: async () => 'Check the off-by-one in the loop bound.' });
    const question = 'The test `sums 1..3` gets 3 instead of 6. Code:\n```ts\nfor (let i = 1; i < n; i++) total += i;\n```';
    const result = await runTool(consultTool(['claude'], port), { question }, context());
    assert.deepEqual(result.data, { site: 'claude', answer: 'Check the off-by-one in the loop bound.' });
    const prompt = sent[0]!.prompt;
    assert.equal(prompt, consultPrompt(question));
    assert.match(prompt, /colleague/);
    assert.match(prompt, /plain text/);
    assert.match(prompt, /Do not call tools/);
    assert.ok(prompt.endsWith(question), 'the question is sent whole, last');
  });

  it('asks the user first, showing the site and the question; a rejection sends nothing', async () => {
    const { port, sent, approvals } = fakePort({ reject: 'not this code' });
    const result = await runTool(consultTool(['claude'], port), { question: 'Review src/secret.ts please' }, context());
    assert.equal(result.success, false);
    assert.equal(result.code, PTKErrorCode.APPROVAL_REJECTED);
    assert.match(result.error ?? '', /not this code/);
    assert.equal(sent.length, 0);
    assert.equal(approvals.length, 1);
    assert.equal(approvals[0]!.toolName, 'consult');
    assert.match(approvals[0]!.command ?? '', /^consult claude: Review src\/secret\.ts please$/);
    assert.match(approvals[0]!.summary ?? '', /to claude, in a new chat there/);
  });
});

describe('consult: errors of the consulted site are the tool\'s result, the task goes on', () => {
  it('a limited site: the error names the site and its state', async () => {
    const { port } = fakePort({ answer: async () => Promise.reject(new LLMBackendError('You have reached the usage limit.', { code: PTKErrorCode.RATE_LIMITED })) });
    const result = await runTool(consultTool(['claude'], port), { question: 'Why?' }, context());
    assert.equal(result.success, false);
    assert.equal(result.code, PTKErrorCode.RATE_LIMITED);
    assert.match(result.error ?? '', /^claude could not answer \(usage limit\): You have reached the usage limit\./);
  });

  it('a signed-out site: the error names the site and "signed out"', async () => {
    const { port } = fakePort({ answer: async () => Promise.reject(new LLMBackendError('Login required.', { code: PTKErrorCode.LOGIN_REQUIRED })) });
    const result = await runTool(consultTool(['gemini'], port), { question: 'Why?' }, context());
    assert.equal(result.code, PTKErrorCode.LOGIN_REQUIRED);
    assert.match(result.error ?? '', /^gemini could not answer \(signed out\): Login required\./);
  });

  it('in a task: the failed consultation goes back to the model as a tool result and the task finishes', async () => {
    const { port } = fakePort({ answer: async () => Promise.reject(new LLMBackendError('Login required.', { code: PTKErrorCode.LOGIN_REQUIRED })) });
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"consult","args":{"question":"Is x safe?"}}</TOOL_CALL>', 'I could not get a second opinion; x looks safe.']);
    const result = await new PTKManager(model, new ToolRegistry(createConsultTools(['claude'], port))).orchestrateToolCalling('Check x');
    assert.equal(result.success, true);
    assert.equal(result.content, 'I could not get a second opinion; x looks safe.');
    assert.match(model.prompts[1]!, /claude could not answer \(signed out\)/);
  });

  it('in a task: the answer goes back to the model, which uses it', async () => {
    const { port } = fakePort({ answer: async () => 'Use a mutex.' });
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"consult","args":{"question":"Race?"}}</TOOL_CALL>', 'done']);
    await new PTKManager(model, new ToolRegistry(createConsultTools(['claude'], port))).orchestrateToolCalling('Fix the race');
    assert.match(model.prompts[1]!, /"answer": ?"Use a mutex\."/);
  });
});

describe('consult: cancellation', () => {
  it("the task's signal reaches the call, and aborting it ends the consultation as cancelled, not as the site's error", async () => {
    const controller = new AbortController();
    let started: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const { port, sent } = fakePort({
      answer: (_site, _prompt, signal) =>
        new Promise<string>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new LLMBackendError('The call was stopped.', { code: PTKErrorCode.SITE_ERROR })), { once: true });
          started();
        }),
    });
    const running = runTool(consultTool(['claude'], port), { question: 'Slow?' }, context(controller.signal));
    await sending;
    assert.equal(sent[0]!.signal.aborted, false);
    controller.abort();
    const result = await running;
    assert.equal(sent[0]!.signal.aborted, true, 'the call was given the task\'s signal');
    assert.equal(result.success, false);
    assert.equal(result.code, PTKErrorCode.ABORTED);
    assert.doesNotMatch(result.error ?? '', /could not answer/);
  });
});
