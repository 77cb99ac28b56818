/**
 * The consult tool end to end in real Chromium: a task runs on a ChatGPT-shaped replica through
 * the site router (as the extension wires it: RoutedChatModel over the two sites, the consult
 * port over that handle); its model calls `consult`, the Claude-shaped replica answers in a new
 * chat of its own, and the task's final answer uses that answer. A limited Claude is the tool's
 * error naming it and its state, and the task goes on on ChatGPT (nothing moves).
 * Run: node --import tsx --test test/browser/consult.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKManager } from '../../src/core/loop/ptkManager';
import { SiteRouter } from '../../src/core/routing';
import { createConsultTools } from '../../src/core/tools/consultTool';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import type { ApprovalRequest } from '../../src/core/workspace';
import type { BrowserChatModel } from '../../src/browser/browserChatModel';
import { consultableSites, createConsultPort } from '../../src/ui/consultPort';
import { RoutedChatModel } from '../../src/ui/routedChatModel';
import { ExtensionSettingsSchema } from '../../src/ui/settings';
import type { ReplicaResponder } from './replicas/scenario';
import { closeSites, sharedTestBrowser, startSite } from './harness';

const testBrowser = sharedTestBrowser();
const QUESTION = 'In JavaScript, is 0.1 + 0.2 === 0.3 true? My test compares them with ===.';
const CONSULT_CALL = `<TOOL_CALL>\n${JSON.stringify({ tool: 'consult', args: { question: QUESTION } })}\n</TOOL_CALL>`;
const CLAUDE_ANSWER = 'No: floating point rounding gives 0.30000000000000004. Compare with a tolerance such as Number.EPSILON.';

const siteModel = (site: 'chatgpt' | 'claude', responder: ReplicaResponder) => startSite(testBrowser(), site, responder);

/** The task's tools as the extension composes them: here only consult, over the routed handle, approved by `approve`. */
function consultSetup(chatgpt: BrowserChatModel, claude: BrowserChatModel, approve: (request: ApprovalRequest) => void) {
  const handles = [
    { site: 'chatgpt', label: 'ChatGPT', model: chatgpt },
    { site: 'claude', label: 'Claude', model: claude },
  ];
  const router = new SiteRouter(handles, { failover: 'auto' });
  const routed = new RoutedChatModel(router, handles);
  const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['chatgpt', 'claude'] });
  const port = createConsultPort({ settings: () => settings, model: async () => routed, approve: async (request) => approve(request) });
  return { router, routed, tools: new ToolRegistry(createConsultTools(consultableSites(settings).sites, port)) };
}

describe('consult (a task on the ChatGPT replica asks the Claude replica)', () => {
  it("Claude answers in a new chat of its own and the task's final answer uses it", async () => {
    const chatgptPrompts: string[] = [];
    const claudePrompts: string[] = [];
    const chatgpt = await siteModel('chatgpt', (prompt, turn) => {
      chatgptPrompts.push(prompt);
      if (turn === 0) return CONSULT_CALL;
      return prompt.includes('Number.EPSILON') ? 'Fixed plan: as Claude confirmed, compare with a tolerance (Number.EPSILON) instead of ===.' : 'I did not get the second opinion.';
    });
    const claude = await siteModel('claude', (prompt) => {
      claudePrompts.push(prompt);
      return prompt.includes('0.1 + 0.2') ? CLAUDE_ANSWER : 'I was not given the question.';
    });
    try {
      const approvals: ApprovalRequest[] = [];
      const { routed, router, tools } = consultSetup(chatgpt.model, claude.model, (request) => approvals.push(request));
      const result = await new PTKManager(routed, tools).orchestrateToolCalling('My float test fails; find out why.');

      assert.equal(result.success, true, result.error);
      assert.equal(result.content.trim(), 'Fixed plan: as Claude confirmed, compare with a tolerance (Number.EPSILON) instead of ===.');
      assert.equal(approvals.length, 1, 'the user was asked once');
      assert.match(approvals[0]!.command ?? '', /^consult claude: In JavaScript/);
      // Claude got the colleague's question alone: the preamble and the question, not the task's tools.
      assert.equal(claudePrompts.length, 1);
      assert.match(claudePrompts[0]!, /colleague/);
      assert.ok(claudePrompts[0]!.includes(QUESTION));
      assert.doesNotMatch(claudePrompts[0]!, /TOOL_CALL|write_file|read_file/);
      // The task stayed on ChatGPT, in its own chat; the answer came back as the tool's result.
      assert.equal(chatgptPrompts.length, 2);
      assert.match(chatgptPrompts[1]!, /TOOL_RESULT/);
      assert.ok(chatgptPrompts[1]!.includes('Number.EPSILON'));
      assert.equal(chatgpt.server.submissions[0]!.conversationId, chatgpt.server.submissions[1]!.conversationId);
      assert.deepEqual(router.states().map((state) => [state.site, state.status]), [['chatgpt', 'ready'], ['claude', 'ready']]);
    } finally {
      await closeSites(chatgpt, claude);
    }
  });

  it('a limited Claude is the tool\'s error naming it and its state; the task goes on and finishes on ChatGPT', async () => {
    const chatgptPrompts: string[] = [];
    const chatgpt = await siteModel('chatgpt', (prompt, turn) => {
      chatgptPrompts.push(prompt);
      return turn === 0 ? CONSULT_CALL : 'No second opinion available; compare with a tolerance anyway.';
    });
    const claude = await siteModel('claude', () => ({ failure: 'rate_limit', retryAfter: '3:15 PM' }));
    try {
      const { routed, router, tools } = consultSetup(chatgpt.model, claude.model, () => undefined);
      const result = await new PTKManager(routed, tools).orchestrateToolCalling('My float test fails; find out why.');

      assert.equal(result.success, true, result.error);
      assert.equal(result.content.trim(), 'No second opinion available; compare with a tolerance anyway.');
      assert.equal(chatgptPrompts.length, 2);
      assert.match(chatgptPrompts[1]!, /claude could not answer \(usage limit until (\d{4}-\d\d-\d\d )?15:15\): Claude: limited until (\d{4}-\d\d-\d\d )?15:15/);
      assert.equal(chatgpt.server.submissions[0]!.conversationId, chatgpt.server.submissions[1]!.conversationId, 'the task was not moved');
      assert.deepEqual(router.states().map((state) => [state.site, state.status]), [['chatgpt', 'ready'], ['claude', 'limited']]);
    } finally {
      await closeSites(chatgpt, claude);
    }
  });
});
