/**
 * The chat input's slash commands in VS Code: the workspace's prompt files read and watched
 * (WorkspaceFileSet over loadCommands), and what a sent line does (runCommandLine) with the
 * editor's selection, file and folder, an input box for each `${input:…}` the line left open,
 * and the shown conversation for the message, /new and /compact.
 */
import * as vscode from 'vscode';
import type { Workspace } from '../../../core/workspace';
import type { ChatAttachment } from '../../../ui/chatAttachments';
import type { ChatSessions } from '../../../ui/chatSessions';
import { BUILTIN_COMMANDS } from '../../../ui/slashCommands/builtinCommands';
import type { CommandContext } from '../../../ui/slashCommands/commandArguments';
import { loadCommands, type LoadedCommands } from '../../../ui/slashCommands/loadCommands';
import { PROMPT_FILE_PATTERNS } from '../../../ui/slashCommands/promptFiles';
import { runCommandLine } from '../../../ui/slashCommands/runCommandLine';
import type { ContextMention } from '../../../shared/chat/mentions';
import type { SlashCommandEntry } from '../../../shared/chat/protocol';
import { WorkspaceFileSet } from '../workspaceFileSet';

/** The workspace's slash commands, read again when a prompt file changes. */
export function watchSlashCommands(workspace: Workspace, log: (line: string) => void): WorkspaceFileSet<LoadedCommands> {
  return new WorkspaceFileSet(workspace, PROMPT_FILE_PATTERNS, loadCommands, { commands: [...BUILTIN_COMMANDS], errors: [] }, log);
}

/** The commands as the `/` menu lists them. */
export function slashCommandEntries(loaded: LoadedCommands): SlashCommandEntry[] {
  return loaded.commands.map(({ name, description, argumentHint, source }) => ({ name, source, ...(description ? { description } : {}), ...(argumentHint ? { argumentHint } : {}) }));
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
  commands: WorkspaceFileSet<LoadedCommands>;
  /** Switches the shown conversation's mode (`/mode name`; empty: let the user choose). */
  setMode(argument: string): Promise<void> | void;
}

/** Sends a line from the composer: a slash command is done or expanded first. */
export function sendComposerLine(parts: SendParts, line: string, mentions: ContextMention[] | undefined, attachments: ChatAttachment[] | undefined, replaces: string | undefined): Promise<void> {
  const { session } = parts;
  return runCommandLine(line, {
    commands: () => parts.commands.value.commands,
    context: () => editorContext(parts.workspace),
    send: (prompt, displayText) => session.send(prompt, { displayText, mentions, attachments, replaceFrom: replaces, queueIfBusy: true }),
    newConversation: () => session.newConversation(),
    compact: () => session.compact(),
    setMode: (argument) => parts.setMode(argument),
    askInput: (name, placeholder, command) =>
      Promise.resolve(vscode.window.showInputBox({ title: `PTK: /${command}`, prompt: `${name} (for /${command})`, placeHolder: placeholder, ignoreFocusOut: true })),
    notice: (text) => session.notice(text),
  });
}
