/**
 * The consult tool: mid-task, the model asks another configured chat site for a second opinion
 * (a failing test, a risky change). The question goes, after the user's approval (it sends
 * workspace content to another site), as a plain request with no tools in a new chat of its own
 * on the named site (one of `ptk.consultSites`), else on the first listed site that is not the
 * task's own; the answer text comes back as the result `{ site, answer }`. A site that cannot
 * answer (limited, signed out, …) is the tool's error, naming the site and its state: the task
 * goes on. The task's AbortSignal cancels the call. Pure: the sending and the approval are a port.
 */
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { errorMessage, isPTKError, PTKErrorCode, ToolExecutionError } from '../errors';
import { siteFailureOf } from '../routing/siteFailure';
import { describeFailure } from '../routing/siteStateText';
import type { PTKTool } from '../types';
import { abortErrorOf } from '../util/abortSignals';
import type { ApprovalRequest } from '../workspace';
import { defineTool } from './defineTool';

export const CONSULT_TOOL_NAME = 'consult';

/** The setting that lists the sites the tool may ask (named in its errors). */
const CONSULT_SITES_SETTING = 'ptk.consultSites';

/** Longest part of the question an approval shows. */
const QUESTION_SHOWN_CHARS = 400;

/** What the tool needs from the host. */
export interface ConsultPort {
  /** The site (id) the task itself runs on, when known: the default choice skips it. */
  ownSite?(): Promise<string | undefined> | string | undefined;
  /** Asks the user before the question leaves; rejects (APPROVAL_REJECTED) when the user says no. */
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<void>;
  /**
   * Sends `prompt` to `site` alone (no other site takes it over) as a plain request with no
   * tools, in a new chat of its own; resolves with the answer text. Rejects with the site's
   * error (RATE_LIMITED, LOGIN_REQUIRED, …) when it cannot answer, and with the signal's error
   * when the signal fires. `onText`, when given, is told the whole answer so far as it streams.
   */
  send(site: string, prompt: string, signal: AbortSignal, onText?: (text: string) => void): Promise<string>;
}

/** What the tool returns. */
interface ConsultResult {
  site: string;
  answer: string;
}

const consultInput = z.object({
  question: z.string().trim().min(1).describe('The question, with everything the colleague needs to answer it (code, error output, what you tried): they see nothing else.'),
  site: z.string().trim().min(1).optional().describe('The site to ask (one of the listed sites). Default: the first listed site that is not your own.'),
});

/** The request sent to the consulted site: a short preamble, then the question. */
export function consultPrompt(question: string): string {
  return [
    'A colleague, an AI coding assistant working on a task in a code editor, asks you for a second opinion.',
    'Answer in plain text (code blocks are fine). Do not call tools or ask to run anything: just give your answer.',
    '',
    'Their question:',
    '',
    question,
  ].join('\n');
}

/** What the user is asked before the question is sent (kind 'command': the card shows it as one line). */
function consultApprovalRequest(site: string, question: string): ApprovalRequest {
  const shown = question.length > QUESTION_SHOWN_CHARS ? `${question.slice(0, QUESTION_SHOWN_CHARS - 1)}…` : question;
  return {
    toolName: CONSULT_TOOL_NAME,
    kind: 'command',
    command: `consult ${site}: ${shown}`,
    summary: `Send this question (with the workspace content it quotes) to ${site}, in a new chat there: ${shown}`,
  };
}

/**
 * The site to ask: `requested` when it is listed (else a CONFIG_INVALID tool error naming the
 * setting), otherwise the first listed site that is not `own`, otherwise the first listed (a new
 * chat on the task's own site is still a fresh opinion).
 */
export function chooseConsultSite(sites: readonly string[], requested: string | undefined, own: string | undefined): string {
  if (requested !== undefined) {
    if (sites.includes(requested)) return requested;
    throw new ToolExecutionError(
      `The site "${requested}" is not one consult may ask: ${CONSULT_SITES_SETTING} lists ${sites.map((site) => `"${site}"`).join(', ')}. Leave "site" out to ask the first of them.`,
      { code: PTKErrorCode.CONFIG_INVALID, context: { site: requested, consultSites: [...sites] } },
    );
  }
  return sites.find((site) => site !== own) ?? sites[0]!;
}

/** A site's state in a few words from the error it failed with ("limited until 15:00", "signed out"), when the error says. */
export function siteStateOfError(error: unknown, now = Date.now()): string | undefined {
  const failure = siteFailureOf(error);
  return failure ? describeFailure(failure.reason, failure.retryAfterMs === undefined ? undefined : now + failure.retryAfterMs, now) : undefined;
}

/** The tool's error when the consulted site could not answer: it names the site and its state. */
function siteError(site: string, error: unknown): ToolExecutionError {
  const state = siteStateOfError(error);
  const code = isPTKError(error) ? error.code : PTKErrorCode.TOOL_EXECUTION_FAILED;
  return new ToolExecutionError(
    `${site} could not answer${state ? ` (${state})` : ''}: ${errorMessage(error)} Go on without its opinion, or ask another site of ${CONSULT_SITES_SETTING}.`,
    { code, cause: error, context: { site, ...(state ? { state } : {}) } },
  );
}

/** The consult tool over `sites` (ptk.consultSites, in order); none when the list is empty: the model is not told of it. */
export function createConsultTools(sites: readonly string[], port: ConsultPort): PTKTool[] {
  if (sites.length === 0) return [];
  const listed = [...sites];
  return [
    defineTool({
      name: CONSULT_TOOL_NAME,
      description: `Ask another AI chat site for a second opinion (a failing test you cannot explain, a risky change), in a new chat there; the user approves each question. It sees only your question, and answers in plain text. Sites: ${listed.join(', ')}.`,
      inputSchema: consultInput,
      dangerous: true,
      timeoutMs: DEFAULTS.consultTimeoutMs,
      run: async (args, context): Promise<ConsultResult> => {
        const { signal } = context;
        const site = chooseConsultSite(listed, args.site, args.site === undefined ? await port.ownSite?.() : undefined);
        await port.approve(consultApprovalRequest(site, args.question), signal);
        try {
          const answer = await port.send(site, consultPrompt(args.question), signal);
          return { site, answer };
        } catch (error) {
          if (signal.aborted) throw abortErrorOf(signal);
          throw siteError(site, error);
        }
      },
    }),
  ];
}
