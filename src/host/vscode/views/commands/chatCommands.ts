/** The chat view's commands: Open Chat, Ask…, New Conversation, Compact Conversation, Stop, Show Log. */
import * as vscode from 'vscode';
import type { Command } from './command';
import { COMMANDS } from './commandIds';
import { runInChat } from './chatRun';
import { ASK_MODE } from '../../../../ui/modes/builtinModes';

export const CHAT_COMMANDS: readonly Command[] = [
  { id: COMMANDS.openChat, run: ({ chatView }) => chatView.reveal() },
  {
    id: COMMANDS.ask,
    run: async (context) => {
      const question = await vscode.window.showInputBox({ title: 'PTK: Ask', prompt: 'Ask PTK about your workspace', placeHolder: 'e.g. Where is the configuration loaded?', ignoreFocusOut: true });
      // A question: read-only tools only (the model is not offered writes or commands).
      if (question?.trim()) await runInChat(context, question.trim(), undefined, ASK_MODE.id);
    },
  },
  {
    id: COMMANDS.newConversation,
    run: async ({ session, chatView }) => {
      // As the view's "+": a running task goes on in the background.
      await session.newConversation();
      await chatView.reveal();
    },
  },
  {
    id: COMMANDS.compactConversation,
    run: async ({ session, chatView }) => {
      await chatView.reveal();
      await session.compact();
    },
  },
  {
    id: COMMANDS.stop,
    run: ({ session }) => {
      if (!session.stop()) void vscode.window.setStatusBarMessage('PTK: nothing is running.', 3000);
    },
  },
  { id: COMMANDS.showLog, run: ({ log }) => log.show() },
];
