/** Add Selection / File to PTK Chat: chips in the chat input, from the editor or the explorer. */
import * as vscode from 'vscode';
import type { Command } from './command';
import { COMMANDS } from './commandIds';

export const MENTION_COMMANDS: readonly Command[] = [
  // A chip in the chat input: the editor's selection (its file when nothing is selected).
  {
    id: COMMANDS.addSelectionToChat,
    run: async ({ chatView, mentions }) => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage('PTK: open a file first.');
        return;
      }
      await chatView.addMention(await mentions.mentionOfEditor(editor));
    },
  },
  // A chip per file (or folder) chosen in the explorer, or the active editor's file.
  {
    id: COMMANDS.addFileToChat,
    run: async ({ chatView, mentions }, uri?: vscode.Uri, selected?: vscode.Uri[]) => {
      const active = vscode.window.activeTextEditor?.document.uri;
      const targets = selected && selected.length > 0 ? selected : uri instanceof vscode.Uri ? [uri] : active ? [active] : [];
      if (targets.length === 0) {
        void vscode.window.showInformationMessage('PTK: choose a file in the explorer or open one first.');
        return;
      }
      for (const target of targets) await chatView.addMention(await mentions.mentionOfResource(target));
    },
  },
];
