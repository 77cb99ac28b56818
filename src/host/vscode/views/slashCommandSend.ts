/**
 * The chat input's slash commands in VS Code: what a sent line does (runCommandLine) with the
 * editor's selection, file and folder, an input box for each `${input:…}` the line left open,
 * and the shown conversation for the message, /new, /compact and /mode.
 */
import * as vscode from 'vscode';
import type { Workspace } from '../../../core/workspace';
import type { ChatAttachment } from '../../../ui/chatAttachments';
import type { ChatSessions } from '../../../ui/chatSessions';
import { modeNamed, type ChatMode } from '../../../ui/modes/chatMode';
import type { CommandContext } from '../../../ui/slashCommands/commandArguments';
import { runCommandLine } from '../../../ui/slashCommands/runCommandLine';
import type { SlashCommand } from '../../../ui/slashCommands/slashCommand';
import type { ContextMention } from '../../../shared/chat/mentions';
import type { SlashCommandEntry } from '../../../shared/chat/protocol';

/** The commands as the `/` menu lists them. */
export function slashCommandEntries(commands: readonly SlashCommand[]): SlashCommandEntry[] {
  return commands.map(({ name, description, argumentHint, source }) => ({ name, source, ...(description ? { description } : {}), ...(argumentHint ? { argumentHint } : {}) }));
}

/** What the active editor gives a command's `${selection}`, `${file}` and `${workspaceFolder}`. */
function editorContext(workspace: Workspace): CommandContext {
  const editor = vscode.window.activeTextEditor;
  const selection = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection) : undefined;
  const file = editor?.document.uri.scheme === 'file' ? editor.document.uri.fsPath : undefined;
  const folder = workspace.roots[0];
  return { ...(selection ? { selection } : {}), ...(file ? { file } : {}), ...(folder ? { workspaceFolder: folder } : {}) };
}

interface SendParts {
  workspace: Workspace;
  session: ChatSessions;
  /** The slash commands there are (the built-ins, then the workspace's prompt files). */
  commands(): readonly SlashCommand[];
  /** The chat modes there are (the built-ins, then the workspace's). */
  modes(): readonly ChatMode[];
}

/** `/mode name`: the shown conversation goes on in that mode; without a name (or a wrong one), the modes are listed. */
async function switchMode(parts: SendParts, argument: string): Promise<void> {
  const modes = parts.modes();
  const names = modes.map((mode) => mode.name).join(', ');
  if (!argument) return parts.session.notice(`Modes: ${names}. Type /mode and a name, or choose in the menu next to Send.`);
  const mode = modeNamed(modes, argument);
  if (!mode) return parts.session.notice(`There is no mode "${argument}". Modes: ${names}.`);
  await parts.session.chooseMode(mode.id);
}

/** Sends a line from the composer: a slash command is done or expanded first. */
export function sendComposerLine(parts: SendParts, line: string, mentions: ContextMention[] | undefined, attachments: ChatAttachment[] | undefined, replaces: string | undefined): Promise<void> {
  const { session } = parts;
  return runCommandLine(line, {
    commands: () => parts.commands(),
    context: () => editorContext(parts.workspace),
    send: (prompt, displayText) => session.send(prompt, { displayText, mentions, attachments, replaceFrom: replaces, queueIfBusy: true }),
    newConversation: () => session.newConversation(),
    compact: () => session.compact(),
    setMode: (argument) => switchMode(parts, argument),
    askInput: (name, placeholder, command) =>
      Promise.resolve(vscode.window.showInputBox({ title: `PTK: /${command}`, prompt: `${name} (for /${command})`, placeHolder: placeholder, ignoreFocusOut: true })),
    notice: (text) => session.notice(text),
  });
}
