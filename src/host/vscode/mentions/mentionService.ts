/**
 * The host side of context mentions: answers the chat view's `@` queries from the provider of
 * each kind, reads the content of a message's mentions when it is sent (each within the tools'
 * rules, failures told to the model instead of failing the message) and renders them within
 * the budget, and makes the chips of "Add Selection / File to PTK Chat".
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../core/errors';
import type { Workspace } from '../../../core/workspace';
import type { ContextMention, MentionKind } from '../../../shared/chat/mentions';
import type { ToolSettings } from '../../../tools/settings';
import { DEFAULT_CONTEXT_BUDGET_CHARS, mentionOutcome, renderAttachedContext, type MentionOutcome, type ResolvedMention } from '../../../ui/mentionContext';
import { createChangesMentionProvider } from './changesMention';
import { createFileMentionProvider, fileMention } from './fileMentions';
import { createFolderMentionProvider, folderMention } from './folderMentions';
import type { MentionProvider, MentionSuggestions } from './mentionProvider';
import { createProblemsMentionProvider } from './problemsMention';
import { createSelectionMentionProvider, mentionOfEditor } from './selectionMention';
import { createTerminalMentionProvider, TerminalOutputRecorder } from './terminalMention';
import { createUrlMentionProvider, type MentionPageFetcher } from './urlMention';
import { WorkspaceFileIndex } from './workspaceFileIndex';
import { checkWorkspacePath } from './workspaceText';

interface MentionServiceOptions {
  workspace: Workspace;
  /** The current `ptk.tools.*` settings (deny lists, file size cap). */
  toolSettings: () => ToolSettings;
  /** Characters one message's context may take (default DEFAULT_CONTEXT_BUDGET_CHARS). */
  budgetChars?: () => number;
  /** Reads a web page for `@url` (the fetch_url tool's path); absent: no page can be attached. */
  fetchPage?: MentionPageFetcher;
  log?: (line: string) => void;
}

export class MentionService implements vscode.Disposable {
  private readonly providers: ReadonlyMap<MentionKind, MentionProvider>;
  private readonly recorder = new TerminalOutputRecorder();
  private readonly index: WorkspaceFileIndex;

  constructor(private readonly options: MentionServiceOptions) {
    const { workspace, toolSettings } = options;
    this.index = new WorkspaceFileIndex({ workspace, settings: toolSettings });
    const providers: MentionProvider[] = [
      createFileMentionProvider(workspace, toolSettings, this.index),
      createFolderMentionProvider(workspace, toolSettings, this.index),
      createSelectionMentionProvider(workspace, toolSettings),
      createProblemsMentionProvider(workspace, toolSettings),
      createChangesMentionProvider(workspace, toolSettings),
      createTerminalMentionProvider(this.recorder),
      createUrlMentionProvider(options.fetchPage),
    ];
    this.providers = new Map(providers.map((provider) => [provider.kind, provider]));
  }

  /** The completion rows for `@kind:query`; a failure becomes the list's note. */
  async suggest(kind: MentionKind, query: string): Promise<MentionSuggestions> {
    try {
      return await this.providers.get(kind)!.suggest(query);
    } catch (error) {
      this.options.log?.(`@${kind} suggestions failed: ${errorMessage(error)}`);
      return { items: [], note: errorMessage(error) };
    }
  }

  /** The context block of a message's mentions, within the budget (src/ui/mentionContext.ts). */
  async resolveContext(mentions: readonly ContextMention[], signal: AbortSignal, onResolved?: (mention: ContextMention, outcome: MentionOutcome) => void): Promise<string> {
    const resolved = await Promise.all(
      mentions.map(async (mention): Promise<ResolvedMention> => {
        let entry: ResolvedMention;
        try {
          entry = await this.providers.get(mention.kind)!.resolve(mention, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          entry = { mention, content: '', error: errorMessage(error) };
        }
        onResolved?.(mention, mentionOutcome(entry));
        return entry;
      }),
    );
    return renderAttachedContext(resolved, this.options.budgetChars?.() ?? DEFAULT_CONTEXT_BUDGET_CHARS);
  }

  /** The chip of an editor's selection (its whole file when nothing is selected). */
  mentionOfEditor(editor: vscode.TextEditor): Promise<ContextMention> {
    return mentionOfEditor(this.options.workspace, this.options.toolSettings(), editor, fileMention);
  }

  /** The chip of a file or folder of the explorer. */
  async mentionOfResource(uri: vscode.Uri): Promise<ContextMention> {
    const safePath = await checkWorkspacePath(this.options.workspace, this.options.toolSettings(), uri.fsPath, 'list');
    const stat = await this.options.workspace.stat(safePath.path);
    return stat?.type === 'directory' ? folderMention(safePath.displayPath) : fileMention(safePath.displayPath);
  }

  dispose(): void {
    this.recorder.dispose();
  }
}
