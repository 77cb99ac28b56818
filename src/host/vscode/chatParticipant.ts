/**
 * `@ptk` in VS Code's chat view: a chat participant that runs the same PTK task as the sidebar
 * (the web chat model, PTK's tools, the same approval flow), streaming the answer's prose with
 * `response.markdown`, each tool call with `response.progress`, using the files and selections
 * the user attached with # as context and the earlier turns with @ptk as history, and offering
 * follow-ups. Where the editor shows no chat view (or it needs an account first) the participant
 * is simply not shown; the sidebar stays the primary surface.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import type { PTKExecuteOptions, PTKExecuteResult } from '../../core/loop/loopTypes';
import { withoutPartialTag } from '../../core/protocol/partialTag';
import type { ReplyDelta, ReplyProse } from '../../core/protocol/replyStream';
import { protocolTags } from '../../core/protocol/tagNames';
import { WAITING_FOR_TAB } from '../../shared/chat/workingLine';
import { participantFollowups, type ParticipantResultMetadata } from './participantFollowups';
import { participantHistory, participantPrompt, type ParticipantReference, type ParticipantTurn } from './participantPrompt';
import { abortSignalFromToken } from './cancellation';

/** The participant's id (package.json `chatParticipants`). */
const PTK_CHAT_PARTICIPANT_ID = 'ptk.assistant';

interface ChatParticipantDependencies {
  /**
   * Runs a PTK task (the sidebar's runner: model, tools, settings). Its model calls lease a tab
   * of their own, so it runs beside the sidebar's tasks (waiting for a free tab when all are busy).
   */
  runTask: (prompt: string, options: PTKExecuteOptions) => Promise<PTKExecuteResult>;
  log?: (line: string) => void;
}

/** Reads what the user attached: a file (Uri), a selection (Location), or a plain value. */
async function readReferences(references: readonly vscode.ChatPromptReference[]): Promise<ParticipantReference[]> {
  const read: ParticipantReference[] = [];
  for (const reference of references) {
    const value = reference.value;
    try {
      if (value instanceof vscode.Uri) {
        const document = await vscode.workspace.openTextDocument(value);
        read.push({ label: vscode.workspace.asRelativePath(value), text: document.getText() });
      } else if (value instanceof vscode.Location) {
        const document = await vscode.workspace.openTextDocument(value.uri);
        const range = value.range;
        read.push({ label: `${vscode.workspace.asRelativePath(value.uri)}:${range.start.line + 1}-${range.end.line + 1}`, text: document.getText(range) });
      } else if (typeof value === 'string') {
        read.push({ label: reference.modelDescription ?? reference.id, text: value });
      }
    } catch (error) {
      read.push({ label: reference.id, text: `(could not be read: ${errorMessage(error)})` });
    }
  }
  return read;
}

/** The earlier turns of this chat that were addressed to @ptk. */
function historyTurns(history: vscode.ChatContext['history']): ParticipantTurn[] {
  const turns: ParticipantTurn[] = [];
  for (const turn of history) {
    if (turn.participant !== PTK_CHAT_PARTICIPANT_ID) continue;
    if (turn instanceof vscode.ChatRequestTurn) turns.push({ role: 'user', text: turn.prompt });
    else if (turn instanceof vscode.ChatResponseTurn) {
      const text = turn.response.map((part) => (part instanceof vscode.ChatResponseMarkdownPart ? part.value.value : '')).join('');
      turns.push({ role: 'assistant', text });
    }
  }
  return turns;
}

function describeCall(tool: string, args: Record<string, unknown>): string {
  const path = typeof args.path === 'string' ? ` ${args.path}` : typeof args.command === 'string' ? ` \`${args.command}\`` : '';
  return `Running ${tool}${path}…`;
}

/** The participant's request handler (exported so tests can drive it where the chat view needs an account). */
export function createChatRequestHandler(dependencies: ChatParticipantDependencies): vscode.ChatRequestHandler {
  return async (request, context, response, token): Promise<vscode.ChatResult> => {
    const bridged = abortSignalFromToken(token);
    // `response.markdown` only appends: a reply shows its settled prose as it grows (the model
    // call reads each delta once and hands the reply on with it), then the rest of its parsed prose.
    let reply: ReplyProse | undefined;
    let shownInReply = '';
    /** Another call of the same turn (a retry) streams: nothing more is shown until the turn's prose. */
    let replaced = false;
    const show = (text: string): void => {
      if (!text) return;
      response.markdown(text);
      shownInReply += text;
    };
    const streamed = (delta: ReplyDelta): void => {
      if (delta.reply !== reply) {
        replaced = reply !== undefined && shownInReply !== '';
        reply = delta.reply;
      }
      if (!replaced) show(delta.reply.settledProseGain());
    };
    const finished = (prose: string): void => {
      const trimmed = withoutPartialTag(prose.trimEnd(), protocolTags());
      if (trimmed.startsWith(shownInReply)) show(trimmed.slice(shownInReply.length));
    };
    try {
      const prompt = participantPrompt(request.prompt, await readReferences(request.references));
      const asking = 'Asking the web chat…';
      response.progress(asking);
      const result = await dependencies.runTask(prompt, {
        signal: bridged.signal,
        history: participantHistory(historyTurns(context.history)),
        onDelta: streamed,
        onIteration: (info) => {
          if (info.type !== 'invalid') finished(info.content ?? '');
          if (shownInReply) response.markdown('\n\n');
          reply = undefined;
          shownInReply = '';
          replaced = false;
        },
        // Every tab of the site is busy: the progress says so until the call gets one.
        onWaiting: (waiting) => response.progress(waiting ? WAITING_FOR_TAB : asking),
        onToolCall: (toolCall) => response.progress(describeCall(toolCall.tool, toolCall.args)),
        onToolResult: (info) => {
          if (!info.result.success) response.markdown(`> ${info.toolCall.tool} failed: ${info.result.error ?? 'unknown error'}\n\n`);
        },
      });
      const metadata: ParticipantResultMetadata = { prompt: request.prompt, success: result.success, toolNames: result.toolCalls.map((toolCall) => toolCall.tool) };
      dependencies.log?.(`[@ptk] ${result.success ? 'done' : `failed (${result.errorCode ?? 'error'})`} after ${result.iterations} replies, ${result.totalToolCalls} tool calls`);
      if (!result.success) {
        if (token.isCancellationRequested) return { metadata };
        return { errorDetails: { message: result.error ?? 'The task failed.' }, metadata };
      }
      return { metadata };
    } finally {
      bridged.dispose();
    }
  };
}

/** The follow-up provider: what to ask next after an answer. */
const chatFollowupProvider: vscode.ChatFollowupProvider = {
  provideFollowups(result) {
    return participantFollowups(result.metadata as ParticipantResultMetadata | undefined);
  },
};

/** Creates @ptk (returns undefined when this editor has no chat API). */
export function registerChatParticipant(extensionUri: vscode.Uri, handler: vscode.ChatRequestHandler): vscode.ChatParticipant | undefined {
  if (typeof vscode.chat?.createChatParticipant !== 'function') return undefined;
  const participant = vscode.chat.createChatParticipant(PTK_CHAT_PARTICIPANT_ID, handler);
  participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'ptk.svg');
  participant.followupProvider = chatFollowupProvider;
  return participant;
}
