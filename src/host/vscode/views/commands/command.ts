/**
 * What a command of the table is: its id and what it runs, given the extension's parts (the
 * command context) and the arguments VS Code passes (a menu's resource, a code action's payload).
 */
import type * as vscode from 'vscode';
import type { ChatConnection } from '../../../../ui/chatConnection';
import type { ChatSessions } from '../../../../ui/chatSessions';
import type { ConversationConnection } from '../../../../ui/conversationConnection';
import type { LearnedSites, LearnedSitesBackend } from '../../../../ui/learnedSites';
import type { ExtensionSettings } from '../../../../ui/settings';
import type { DiagnosisDocuments } from '../../diagnosisDocuments';
import type { MentionService } from '../../mentions/mentionService';
import type { ChatViewProvider } from '../chatViewProvider';

/** The extension's parts the commands act on, as the composition root hands them over. */
export interface CommandDependencies {
  session: ChatSessions;
  connection: ChatConnection;
  /** The connection as the shown conversation sees it: its site, with several sites. */
  shownConnection: ConversationConnection;
  chatView: ChatViewProvider;
  log: vscode.LogOutputChannel;
  /** Re-reads the site settings and rebuilds the connection. */
  reconnect(): Promise<void>;
  /** Where Diagnose Site saves its snapshots (the extension's global storage). */
  storageUri: vscode.Uri;
  /** What site discovery learned (site "auto"), kept across restarts; the backend is loaded on use. */
  learnedSites: { sites: LearnedSites; backend(): LearnedSitesBackend; settings(): Pick<ExtensionSettings, 'site' | 'siteUrl'> };
  /** Makes the chips of "Add Selection / File to PTK Chat" (src/host/vscode/mentions). */
  mentions: Pick<MentionService, 'mentionOfEditor' | 'mentionOfResource'>;
}

/** The dependencies, and what registering the commands made for them to share. */
export interface CommandContext extends CommandDependencies {
  /** Serves Diagnose Site's reports as read-only documents. */
  diagnosisDocuments: DiagnosisDocuments;
}

/** One entry of the command table: a failure of `run` is logged and shown by registerCommands. */
export interface Command {
  id: string;
  run(context: CommandContext, ...args: any[]): unknown;
}
