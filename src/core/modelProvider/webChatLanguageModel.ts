/**
 * The web chat as a language model with native tool calling, for callers that run their own
 * tools (VS Code's language-model API: Copilot Chat's model picker, Cline, Roo, any agent).
 * One request: render the conversation into the tab (only what is new when the tab's chat already
 * holds the rest), read the reply once as it streams (one ReplyStream per model call: the sink
 * gets its settled prose, which no later text takes back, and never call markup), parse it with
 * the PTK parser, and hand each call over as a tool call with a stable id: every call of the
 * answer (the site writes its whole answer, so parallel calls all arrive). The caller never
 * sees broken markup: an unreadable call, an unknown tool, bad arguments, or a missing call when
 * one is required are answered inside the request with TOOL_ERROR, a bounded number of times;
 * `describe_tool` calls (bounded tool list) are answered inside too. A request without tools is
 * a plain question: the messages alone go to the tab and the answer comes back as text, unparsed.
 * The input limit (`maxInputTokens`) is the site's prompt limit less a reserve for PTK's own
 * prompt, counted as the caller counts (`countMessageTokens`); a longer request fails before
 * anything is sent. Requests run one at a time: the tab holds one chat.
 */
import { DEFAULTS } from '../constants';
import { LLMBackendError, ModelBehaviorError, PTKErrorCode } from '../errors';
import type { ILLMManager, StreamDelta } from '../ports';
import { PTKFormatter, PTKParser, validateToolCall } from '../protocol';
import { withoutPartialTag } from '../protocol/partialTag';
import { ReplyStream } from '../protocol/replyStream';
import { protocolTags } from '../protocol/tagNames';
import type { PTKMessage, PTKResponse } from '../types';
import { abortErrorOf, raceWithSignal, throwIfAborted } from '../util/abortSignals';
import { textHash } from './messageIdentity';
import { renderedMessageChars, renderNewChat, renderNewMessages, renderSystemPrompt, type PromptRenderingOptions } from './promptRendering';
import { providerToolAsPTKTool, type ProviderMessage, type ProviderPart, type ProviderRequest, type ProviderResponseSink, type ProviderToolCall } from './providerMessages';
import { ThreadTracker, type ThreadPlan } from './threadTracker';
import { estimateTokensOfLength, tokensForCharacters } from './tokenEstimate';
import { buildToolCatalog, DESCRIBE_TOOL_NAME, type ToolCatalog } from './toolCatalog';

interface WebChatLanguageModelOptions {
  /** The chat tab's model (connecting on first use). */
  getModel: () => Promise<ILLMManager>;
  formatter?: PTKFormatter;
  parser?: PTKParser;
  /** Broken replies answered with TOOL_ERROR before the request fails (default DEFAULTS.providerMaxRepairs). */
  maxRepairs?: number;
  /** describe_tool rounds answered inside one request (default DEFAULTS.providerMaxDescribeCalls). */
  maxDescribeCalls?: number;
  /** Tools shown with their full schema before the list turns compact (default DEFAULTS.promptFullToolsMax). */
  maxFullTools?: number;
  /** History budget of a new chat's transcript, system prompt included (default: the site's prompt limit; a request within maxInputTokens is never compacted). */
  historyBudgetChars?: number;
  /** The longest prompt the site takes, in characters (the adapter's maxPromptChars as configured; `site`: that site's, else the first); read per request. */
  promptLimitChars?: (site?: string) => number;
  /** Thread tracking (tests pass one with a fixed session prefix). */
  threads?: ThreadTracker;
  /** One line per request and per repair. */
  log?: (line: string) => void;
}

/** What one request cost and how it went. */
interface ProviderAnswerReport {
  /** 'continue': only the new messages were sent to the tab's chat. */
  mode: ThreadPlan['kind'];
  /** Characters sent to the tab over every attempt. */
  sentChars: number;
  /** Model calls made (1 + repairs + describe rounds). */
  attempts: number;
  repairs: number;
  toolCalls: ProviderToolCall[];
}

/** How a reply is dealt with. */
type ReplyOutcome =
  | { kind: 'answer'; prose: string; calls: Array<{ name: string; input: Record<string, unknown> }> }
  | { kind: 'describe'; results: string }
  | { kind: 'repair'; feedback: string; reason: string };

export class WebChatLanguageModel {
  private readonly formatter: PTKFormatter;
  private readonly parser: PTKParser;
  private readonly threads: ThreadTracker;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: WebChatLanguageModelOptions) {
    this.formatter = options.formatter ?? new PTKFormatter();
    this.parser = options.parser ?? new PTKParser();
    this.threads = options.threads ?? new ThreadTracker();
  }

  /** Answers one request into `sink`. Rejects with PTKAbortError when `signal` fires, ModelBehaviorError when the model's calls stay broken. */
  respond(request: ProviderRequest, sink: ProviderResponseSink, signal?: AbortSignal): Promise<ProviderAnswerReport> {
    const run = this.queue.then(() => this.answer(request, sink, signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The input limit offered to callers: the site's prompt limit less the reserve for PTK's
   * system prompt and tool list, in tokens as `countMessageTokens` counts them.
   */
  maxInputTokens(site?: string): number {
    return tokensForCharacters(this.inputRoomChars(site));
  }

  /** A message's tokens: its characters as the transcript shows it (label, call tags, result lines), about four per token. */
  countMessageTokens(message: ProviderMessage): number {
    return estimateTokensOfLength(renderedMessageChars(message, this.formatter));
  }

  /** The site's prompt limit in characters (without one: room for the default history budget). */
  private promptLimitChars(site?: string): number {
    return this.options.promptLimitChars?.(site) ?? DEFAULTS.historyBudgetChars + DEFAULTS.providerPromptReserveChars;
  }

  /** Characters of the site's prompt left for the caller's messages. */
  private inputRoomChars(site?: string): number {
    return Math.max(0, this.promptLimitChars(site) - DEFAULTS.providerPromptReserveChars);
  }

  /** Something else (a PTK task) used the tab: the next request starts a new chat. */
  tabUsedElsewhere(): void {
    this.threads.forget();
  }

  private async answer(request: ProviderRequest, sink: ProviderResponseSink, signal: AbortSignal | undefined): Promise<ProviderAnswerReport> {
    try {
      throwIfAborted(signal);
      this.checkInputSize(request);
      const model = await raceWithSignal(this.options.getModel(), signal);
      return await this.answerWith(model, request, sink, signal);
    } catch (error) {
      this.threads.forget();
      if (signal?.aborted) throw abortErrorOf(signal);
      throw error;
    }
  }

  /** PROMPT_TOO_LONG, before anything is sent, for a request over the input limit (as countMessageTokens counts it). */
  private checkInputSize(request: ProviderRequest): void {
    const limit = this.maxInputTokens(request.site);
    const tokens = request.messages.reduce((total, message) => total + this.countMessageTokens(message), 0);
    if (tokens <= limit) return;
    throw new LLMBackendError(
      `The request is ${tokens} tokens (as countTokens counts them); this model takes at most ${limit} input tokens (maxInputTokens). Send fewer or shorter messages or tool results.`,
      { code: PTKErrorCode.PROMPT_TOO_LONG, recoverable: false, context: { tokens, limit } },
    );
  }

  /**
   * The request's tool list: full schemas up to the bound, compact (names and describe_tool) when
   * there are more tools or when the full schemas would not fit the reserve for PTK's prompt.
   */
  private toolCatalog(request: ProviderRequest): ToolCatalog {
    const tools = request.tools.map(providerToolAsPTKTool);
    const catalog = buildToolCatalog(tools, this.options.maxFullTools ?? DEFAULTS.promptFullToolsMax);
    if (catalog.compact || tools.length === 0) return catalog;
    const systemPrompt = renderSystemPrompt([], { formatter: this.formatter, promptTools: catalog.promptTools, toolMode: request.toolMode });
    return systemPrompt.length > DEFAULTS.providerPromptReserveChars ? buildToolCatalog(tools, 0) : catalog;
  }

  private async answerWith(model: ILLMManager, request: ProviderRequest, sink: ProviderResponseSink, signal: AbortSignal | undefined): Promise<ProviderAnswerReport> {
    const catalog = this.toolCatalog(request);
    const plain = request.tools.length === 0;
    const toolsKey = textHash(JSON.stringify(request.tools.map((tool) => [tool.name, tool.description, tool.inputSchema ?? null])));
    const keepsThread = model.keepsThread === true;
    const plan = this.threads.plan(request.modelId, request.messages, toolsKey);
    const turn = plan.kind === 'continue' ? plan.turn : 0;
    const rendering: PromptRenderingOptions = { formatter: this.formatter, promptTools: catalog.promptTools, toolMode: request.toolMode, historyBudgetChars: this.options.historyBudgetChars ?? this.promptLimitChars(request.site) };
    const repairs: PTKMessage[] = [];
    const fullPrompt = (): string => renderNewChat(request.messages, rendering, repairs);
    let prompt = !keepsThread || plan.kind === 'new' ? fullPrompt() : renderNewMessages(plan.newMessages, rendering, turn);
    const report: ProviderAnswerReport = { mode: plan.kind, sentChars: 0, attempts: 0, repairs: 0, toolCalls: [] };
    let shownText = '';
    let describeRounds = 0;
    this.options.log?.(`[lm ${plan.threadId}] ${plan.kind === 'new' ? 'new chat' : `continues turn ${turn}`}: ${request.messages.length} messages, ${request.tools.length} tools${catalog.compact ? ' (compact list)' : ''}, toolMode ${request.toolMode}`);

    const show = (text: string): void => {
      if (!text) return;
      shownText += text;
      sink.text(text);
    };

    for (;;) {
      // Text of a retry is shown only when nothing was shown yet: the first attempt's prose stays.
      const showing = shownText === '';
      const replyStream = plain ? undefined : new ReplyStream(this.parser);
      const plainText = plain && showing ? new PlainTextShown(show) : undefined;
      report.attempts++;
      report.sentChars += prompt.length;
      // No early stop at the first complete call: the answer may hold several (parallel calls).
      const reply = await raceWithSignal(model.call(prompt, {
        signal,
        ...(request.site === undefined ? {} : { site: request.site }),
        onDelta: (delta) => {
          if (replyStream) {
            replyStream.push(delta);
            if (showing) show(replyStream.settledProseGain());
          } else plainText?.push(delta);
        },
        thread: keepsThread ? { newThread: report.attempts === 1 && plan.kind === 'new', fullTranscript: fullPrompt, key: plan.threadId } : undefined,
      }), signal);
      throwIfAborted(signal);

      let outcome: ReplyOutcome = { kind: 'answer', prose: reply, calls: [] };
      if (replyStream) {
        replyStream.catchUp(reply);
        outcome = this.judge(replyStream.end(), catalog, request);
      }
      if (outcome.kind === 'answer') {
        // The rest of the prose, when what was shown starts it (shown text cannot be taken back),
        // without a call tag the reply was cut in.
        const prose = withoutPartialTag(outcome.prose.trimEnd(), plain ? [] : protocolTags(this.formatter.tagName));
        if (showing && prose.startsWith(shownText)) show(prose.slice(shownText.length));
        const calls = outcome.calls.map((call, index): ProviderToolCall => ({ callId: `call_${plan.threadId}_${turn}_${index}`, name: call.name, input: call.input }));
        for (const call of calls) sink.toolCall(call);
        report.toolCalls = calls;
        const answerParts: ProviderPart[] = [{ type: 'text', text: shownText }, ...calls.map((call): ProviderPart => ({ type: 'toolCall', ...call }))];
        const answer: ProviderMessage = { role: 'assistant', parts: answerParts };
        if (keepsThread) this.threads.record(plan, request.modelId, toolsKey, request.messages, answer);
        else this.threads.forget();
        return report;
      }

      repairs.push({ role: 'assistant', content: reply });
      let feedback: string;
      if (outcome.kind === 'describe') {
        if (++describeRounds > (this.options.maxDescribeCalls ?? DEFAULTS.providerMaxDescribeCalls)) {
          throw new ModelBehaviorError(`The model kept calling ${DESCRIBE_TOOL_NAME} without calling a tool (${describeRounds - 1} rounds).`, { code: PTKErrorCode.INVALID_TOOL_CALL });
        }
        feedback = outcome.results;
        repairs.push({ role: 'tool', content: feedback });
      } else {
        if (++report.repairs > (this.options.maxRepairs ?? DEFAULTS.providerMaxRepairs)) {
          throw new ModelBehaviorError(`The model's reply was still unusable after ${report.repairs - 1} repairs: ${outcome.reason}`, { code: PTKErrorCode.PARSE_ERROR });
        }
        feedback = outcome.feedback;
        repairs.push({ role: 'system', content: feedback });
        this.options.log?.(`[lm ${plan.threadId}] repair ${report.repairs}: ${outcome.reason}`);
      }
      prompt = keepsThread ? feedback : fullPrompt();
    }
  }

  /** What to do with a finished reply. */
  private judge(parsed: PTKResponse, catalog: ToolCatalog, request: ProviderRequest): ReplyOutcome {
    const formatter = this.formatter;
    if (parsed.type === 'invalid') {
      const reason = parsed.error ?? 'The tool call could not be read.';
      return { kind: 'repair', feedback: formatter.formatToolError(reason), reason };
    }
    if (parsed.type === 'text') {
      if (request.toolMode === 'required' && catalog.fullTools.size > 0) {
        const reason = `This request requires a tool call: reply with one call of one of these tools: ${[...catalog.fullTools.keys()].join(', ')}.`;
        return { kind: 'repair', feedback: formatter.formatToolError(reason), reason };
      }
      return { kind: 'answer', prose: parsed.content ?? parsed.raw, calls: [] };
    }
    const describeCalls = catalog.compact ? parsed.toolCalls.filter((call) => call.tool === DESCRIBE_TOOL_NAME) : [];
    const calls = parsed.toolCalls.filter((call) => !describeCalls.includes(call));
    if (calls.length === 0) {
      const results = describeCalls.map((call) => {
        const name = typeof call.args?.name === 'string' ? call.args.name : '';
        const description = catalog.describe(name);
        return formatter.formatToolResult(description
          ? { success: true, data: description, error: null }
          : { success: false, data: null, error: `Unknown tool "${name}". Tools: ${[...catalog.fullTools.keys()].join(', ')}.` });
      });
      return { kind: 'describe', results: results.join('\n\n') };
    }
    const problems: string[] = [];
    const checked = calls.map((call) => {
      const validation = validateToolCall({ tool: call.tool, args: call.args ?? {} }, catalog.fullTools);
      if (!validation.valid) problems.push(validation.error ?? `Invalid call of ${call.tool}.`);
      return { name: call.tool, input: (validation.args ?? call.args ?? {}) as Record<string, unknown> };
    });
    if (problems.length > 0) {
      return { kind: 'repair', feedback: problems.map((problem) => formatter.formatToolError(problem)).join('\n'), reason: problems.join(' ') };
    }
    return { kind: 'answer', prose: parsed.content ?? '', calls: checked };
  }
}

/**
 * The reply to a request without tools, shown as it arrives: it is not PTK text (nothing in it
 * is a call), so every appended piece is shown; a rewrite that keeps what was shown goes on
 * from there, one that changed it stops the showing (the rest comes from the finished reply).
 */
class PlainTextShown {
  private shown = '';
  private diverged = false;

  constructor(private readonly show: (text: string) => void) {}

  push(delta: StreamDelta): void {
    if (this.diverged) return;
    let piece = delta.text;
    if (delta.rewrite) {
      if (!delta.full.startsWith(this.shown)) {
        this.diverged = true;
        return;
      }
      piece = delta.full.slice(this.shown.length);
    }
    this.shown += piece;
    this.show(piece);
  }
}
