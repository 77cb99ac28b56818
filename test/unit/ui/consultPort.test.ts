/**
 * The consult tool wired to the UI's model handle: the sites it may ask, the call (that site
 * alone, a new chat under its own key, no failover), and the approval through the window's flow.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';
import { SiteRouter } from '../../../src/core/routing';
import { ScriptedChatModel, type ScriptedReply } from '../../../src/core/testing/scriptedChatModel';
import { createConsultTools } from '../../../src/core/tools/consultTool';
import { runTool } from '../../../src/core/tools/runTool';
import type { ApprovalRequest } from '../../../src/core/workspace';
import { SessionGrants } from '../../../src/tools';
import { ExternalToolApprovals } from '../../../src/tools/external';
import type { ChatModelHandle } from '../../../src/ui/chatConnection';
import { consultableSites, createConsultPort } from '../../../src/ui/consultPort';
import { RoutedChatModel, type SiteHandle } from '../../../src/ui/routedChatModel';
import { ExtensionSettingsSchema } from '../../../src/ui/settings';

const LABELS: Record<string, string> = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini' };

function routedOver(scripts: Record<string, ScriptedReply[]>) {
  const models: Record<string, ScriptedChatModel> = {};
  const handles = Object.entries(scripts).map(([site, replies]) => {
    models[site] = new ScriptedChatModel(replies, { keepsThread: true });
    return { site, label: LABELS[site] ?? site, model: models[site] as unknown as SiteHandle['model'] };
  });
  const failovers: string[] = [];
  const routed = new RoutedChatModel(new SiteRouter(handles, { failover: 'auto', onFailover: (event) => failovers.push(event.message) }), handles);
  return { routed, models, failovers };
}

const context = () => ({ signal: new AbortController().signal, toolCallId: 'call_1_0', iteration: 1 });

function consultOver(model: ChatModelHandle, settingsInput: Record<string, unknown>, approve: (request: ApprovalRequest, signal: AbortSignal) => Promise<void> = async () => undefined) {
  const settings = ExtensionSettingsSchema.parse(settingsInput);
  const port = createConsultPort({ settings: () => settings, model: async () => model, approve });
  const [tool] = createConsultTools(consultableSites(settings).sites, port);
  return tool;
}

describe('consultableSites', () => {
  it('keeps the entries of ptk.consultSites the connection has, in order, and names the others', () => {
    const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['gemini', 'claude', 'chatgpt'] });
    const { sites, problems } = consultableSites(settings);
    assert.deepEqual(sites, ['claude', 'chatgpt']);
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /ptk\.consultSites: "gemini" is not one of the sites PTK uses \(ptk\.sites: chatgpt, claude\)/);
  });

  it('with ptk.sites empty, only ptk.site; an empty setting offers nothing', () => {
    assert.deepEqual(consultableSites(ExtensionSettingsSchema.parse({ site: 'claude', consultSites: ['claude', 'gemini'] })).sites, ['claude']);
    assert.deepEqual(consultableSites(ExtensionSettingsSchema.parse({})), { sites: [], problems: [] });
  });

  it('the setting is validated: only known site ids', () => {
    assert.equal(ExtensionSettingsSchema.safeParse({ consultSites: ['bard'] }).success, false);
  });
});

describe('consult through the site router', () => {
  it("asks the first consult site that is not the task's own, in a new chat under a key of its own", async () => {
    const { routed, models } = routedOver({ chatgpt: ['task answer'], claude: ['Claude thinks: add a lock.'] });
    const tool = consultOver(routed, { site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['chatgpt', 'claude'] })!;
    const result = await runTool(tool, { question: 'Is this race real?' }, context());
    assert.deepEqual(result.data, { site: 'claude', answer: 'Claude thinks: add a lock.' });
    assert.equal(models.chatgpt.calls.length, 0);
    const [call] = models.claude.calls;
    assert.equal(call!.newThread, true);
    assert.match(call!.options.thread?.key ?? '', /^consult-/);
    assert.equal(call!.options.site, 'claude');
    assert.match(call!.prompt, /colleague[\s\S]*Is this race real\?$/);
  });

  it('each consultation gets a chat of its own (a new key each time)', async () => {
    const { routed, models } = routedOver({ chatgpt: [], claude: ['one', 'two'] });
    const tool = consultOver(routed, { site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['claude'] })!;
    await runTool(tool, { question: 'First?' }, context());
    await runTool(tool, { question: 'Second?' }, context());
    const keys = models.claude.calls.map((call) => call.options.thread?.key);
    assert.equal(new Set(keys).size, 2);
    assert.ok(models.claude.calls.every((call) => call.newThread === true));
  });

  it('a limited consult site is the tool\'s error naming it and its state; no other site is asked, the task\'s site is not moved', async () => {
    const limit = new LLMBackendError('Claude is rate limiting you.', { code: PTKErrorCode.RATE_LIMITED, retryAfterMs: 60 * 60_000 });
    const { routed, models, failovers } = routedOver({ chatgpt: ['should not be asked'], claude: [limit] });
    const tool = consultOver(routed, { site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['claude'] })!;
    const result = await runTool(tool, { question: 'Why?' }, context());
    assert.equal(result.success, false);
    assert.equal(result.code, PTKErrorCode.RATE_LIMITED);
    assert.match(result.error ?? '', /^claude could not answer \(usage limit until [\d :-]+\): Claude: limited until [\d :-]+\./);
    assert.equal(models.chatgpt.calls.length, 0);
    assert.deepEqual(failovers, []);
  });
});

describe('consult: approval through the window\'s flow', () => {
  it('asks each time until "Always"; then the tool runs without asking, reported as such', async () => {
    const { routed } = routedOver({ chatgpt: [], claude: ['a', 'b'] });
    const asked: ApprovalRequest[] = [];
    const autoApproved: string[] = [];
    const approvals = new ExternalToolApprovals(async (request) => (asked.push(request), { decision: 'always' }), () => ({}), { grants: new SessionGrants(), onAutoApproved: (request, by) => autoApproved.push(`${request.toolName} ${by}`) });
    const tool = consultOver(routed, { site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['claude'] }, (request, signal) => approvals.ensureRequestApproved(request, signal))!;
    await runTool(tool, { question: 'One?' }, context());
    await runTool(tool, { question: 'Two?' }, context());
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.command, 'consult claude: One?');
    assert.deepEqual(autoApproved, ['consult always']);
  });

  it('a rejection sends nothing', async () => {
    const { routed, models } = routedOver({ chatgpt: [], claude: ['never'] });
    const approvals = new ExternalToolApprovals(async () => ({ decision: 'reject', reason: 'private code' }));
    const tool = consultOver(routed, { site: 'chatgpt', sites: ['chatgpt', 'claude'], consultSites: ['claude'] }, (request, signal) => approvals.ensureRequestApproved(request, signal))!;
    const result = await runTool(tool, { question: 'Look at this' }, context());
    assert.equal(result.code, PTKErrorCode.APPROVAL_REJECTED);
    assert.match(result.error ?? '', /private code/);
    assert.equal(models.claude.calls.length, 0);
  });
});
