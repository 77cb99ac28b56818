/**
 * The chat sidebar: a WebviewViewProvider in PTK's activity-bar container. Serves the
 * front-end (out/webview.js, media/chat.css) under a strict CSP with a nonce, relays the
 * session's events to the webview, and turns the webview's typed messages into actions.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { errorMessage } from '../../../core/errors';
import type { ChatConnection } from '../../../ui/chatConnection';
import type { ChatSessions } from '../../../ui/chatSessions';
import { renderChatHtml } from '../../../ui/chatHtml';
import { parseWebviewMessage, type AutoApproval, type ConnectionAction, type HostToWebviewMessage, type ModeChoice, type SlashCommandEntry, type WebviewToHostMessage } from '../../../shared/chat/protocol';
import type { ImageAttachment } from '../../../shared/chat/attachments';
import type { ContextMention, MentionKind, MentionSuggestion } from '../../../shared/chat/mentions';
import { decodeImageAttachments, type ChatAttachment } from '../../../ui/chatAttachments';
import type { ResendRestore } from '../../../ui/checkpoints/checkpointRestore';
import { examplePrompts } from '../../../shared/chat/examplePrompts';
import { workspaceProblemFiles, workspaceSourceFiles } from '../workspaceExamples';

/** The view's id (package.json contributes.views). */
export const CHAT_VIEW_ID = 'ptk.chatView';

interface ChatViewHandlers {
  /** Send from the composer; `replaces`: the user message it was edited from (it and every later turn go). */
  send(text: string, mentions?: ContextMention[], attachments?: ChatAttachment[], replaces?: string): void;
  /** Rows for the `@` being typed (src/host/vscode/mentions); without it the list offers nothing. */
  suggestMentions?(kind: MentionKind, query: string): Promise<{ items: MentionSuggestion[]; note?: string }>;
  approve(approvalId: string, always: boolean): void;
  reject(approvalId: string, reason?: string): void;
  openDiff(approvalId: string): void;
  /** What runs without asking now (the view's auto-approval chip). */
  autoApproval?(): AutoApproval;
  /** The chip's "turn off": forget the "Always" answers. */
  turnOffAlways?(): void;
  /** The chip's link to the `ptk.tools.autoApprove` setting. */
  openAutoApproveSetting?(): void;
  /** A header or error-card button; `site`: the site it acts on (an error card's), else the shown conversation's. */
  connectionAction(action: ConnectionAction, site?: string): void;
  /** Opens a workspace file the view names (the rules line); the path is checked like the tools' paths. */
  openFile(path: string): void;
  /** "Restore checkpoint" / "Undo all changes of this task" on the chat item `itemId`. */
  restoreCheckpoint(itemId: string): void;
  /** "Review changes" on the task's changes item `itemId`: the multi-file diff with Keep / Undo. */
  reviewChanges?(itemId: string): void;
  /** "Restore files and resend" on an edit of user message `itemId`: the files go back to before it; resolves whether to send. */
  restoreBeforeResend(itemId: string): Promise<ResendRestore>;
  /** "Resend" (files stay) on an edit of user message `itemId`: the checkpoints of the turns it removes go with them. */
  forgetCheckpointsFrom?(itemId: string): Promise<void>;
  /** "Second opinion" on the finished task's answer (the ptk.secondOpinion command). */
  secondOpinion?(): void;
  /** A review's "Send to task": review item `itemId`'s review by `site` becomes the next message. */
  sendReview?(itemId: string, site: string): void;
  /** The slash commands the input's `/` menu offers. */
  slashCommands?(): SlashCommandEntry[];
  /** The modes the mode menu offers, and the mode files that could not be used. */
  modes?(): { modes: ModeChoice[]; problems: string[] };
  /** The mode menu: the shown conversation goes on in mode `mode`. */
  chooseMode?(mode: string): void;
  /** "Act on this plan" on answer `itemId` of the shown conversation. */
  actOnPlan?(itemId: string): void;
}

export class ChatViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view?: vscode.WebviewView;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pendingPrefill: { text: string; mentions?: ContextMention[] }[] = [];
  /** Chips waiting for the view's page to say it is ready. */
  private readonly pendingMentions: ContextMention[] = [];
  private webviewReady = false;
  /** The images in the composer, not sent yet: the view's page is dropped while it is hidden, these are not. */
  private draftImages: ImageAttachment[] = [];
  /** The workspace's source files for the example prompts, read when the view's page starts. */
  private sourceFiles?: Promise<string[]>;
  /** The example prompts last posted (they are posted again only when they change). */
  private postedExamples = '';

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly session: ChatSessions,
    /** The connection as the shown conversation sees it (its site, with several sites). */
    private readonly connection: Pick<ChatConnection, 'state' | 'onDidChange'>,
    private readonly handlers: ChatViewHandlers,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.disposables.push(
      toDisposable(session.onEvent((conversationId, event) => this.post({ type: 'event', conversationId, event }))),
      toDisposable(session.onStateReplaced(() => this.postState())),
      // A message a restore removed comes back in the composer, to edit and send again.
      toDisposable(session.onMessageReturned((text, mentions) => this.putInComposer(text, mentions))),
      toDisposable(connection.onDidChange((state) => this.post({ type: 'connection', connection: state }))),
      // A file with problems is worth an example ("Fix the problems … in config/broken.json").
      vscode.languages.onDidChangeDiagnostics(() => this.postExamples(false)),
    );
  }

  /** True when the view is on screen (approvals then go to its cards). */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  resolveWebviewView(webviewView: vscode.WebviewView): void {
    this.view = webviewView;
    this.webviewReady = false;
    const webview = webviewView.webview;
    webview.options = {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'out'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    };
    webview.html = renderChatHtml({
      cspSource: webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'out', 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'chat.css')).toString(),
    });
    const subscriptions = [
      webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      webviewView.onDidChangeVisibility(() => {
        if (webviewView.visible) this.postState();
      }),
    ];
    webviewView.onDidDispose(() => {
      subscriptions.forEach((subscription) => subscription.dispose());
      if (this.view === webviewView) this.view = undefined;
    });
  }

  /** Opens the view and waits (briefly) until it exists. */
  async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  }

  /** Puts text in the composer (after revealing the view). */
  async prefill(text: string): Promise<void> {
    await this.reveal();
    this.putInComposer(text);
  }

  /** Puts text (and chips) in the composer now, or once the view's page is ready. */
  private putInComposer(text: string, mentions?: readonly ContextMention[]): void {
    const prefill = { text, ...(mentions ? { mentions: [...mentions] } : {}) };
    if (this.view) this.post({ type: 'prefill', ...prefill });
    else this.pendingPrefill.push(prefill);
  }

  /** Adds a context chip to the composer (after revealing the view; kept until its page is ready). */
  async addMention(mention: ContextMention): Promise<void> {
    this.pendingMentions.push(mention);
    await this.reveal();
    if (this.view && this.webviewReady) this.flushMentions();
  }

  private flushMentions(): void {
    for (const mention of this.pendingMentions.splice(0)) this.post({ type: 'addMention', mention });
  }

  private receive(raw: unknown): void {
    const parsed = parseWebviewMessage(raw);
    if (!parsed.ok) {
      this.log.warn(`Chat view sent a malformed message (${parsed.error}): ${safeJson(raw)}`);
      // A refused message (an image over the limit) must not vanish without a word.
      if (typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'send') this.session.notice(`The message was not sent: ${parsed.error}.`);
      return;
    }
    const message: WebviewToHostMessage = parsed.message;
    switch (message.type) {
      case 'ready':
        this.postState();
        this.postAutoApproval();
        this.postSlashCommands();
        this.postModes();
        this.postedExamples = '';
        this.postExamples(true);
        if (this.draftImages.length > 0) this.post({ type: 'draftImages', attachments: this.draftImages });
        for (const prefill of this.pendingPrefill.splice(0)) this.post({ type: 'prefill', ...prefill });
        this.webviewReady = true;
        this.flushMentions();
        break;
      case 'draftImages':
        this.draftImages = message.attachments;
        break;
      case 'send':
        this.draftImages = [];
        if (message.replaces) this.sendEdited(message);
        else this.handlers.send(message.text, message.mentions, decodeImageAttachments(message.attachments));
        break;
      case 'mentionQuery': {
        const { requestId, kind, query } = message;
        const answer = this.handlers.suggestMentions?.(kind, query) ?? Promise.resolve({ items: [], note: 'Mentions are not available here.' });
        answer.then(
          (suggestions) => this.post({ type: 'mentionSuggestions', requestId, items: suggestions.items, note: suggestions.note }),
          (error: unknown) => this.post({ type: 'mentionSuggestions', requestId, items: [], note: errorMessage(error) }),
        );
        break;
      }
      case 'queueAction':
        if (message.action === 'remove') this.session.removeQueued(message.id);
        else if (message.action === 'edit') this.session.editQueued(message.id);
        else this.session.sendQueuedNow(message.id).catch((error: unknown) => this.log.error(`Could not send the queued message: ${errorMessage(error)}`));
        break;
      case 'stop':
        this.session.stop();
        break;
      case 'approve':
        this.handlers.approve(message.approvalId, message.always ?? false);
        break;
      case 'reject':
        this.handlers.reject(message.approvalId, message.reason);
        break;
      case 'openDiff':
        this.handlers.openDiff(message.approvalId);
        break;
      case 'turnOffAlways':
        this.handlers.turnOffAlways?.();
        break;
      case 'openAutoApproveSetting':
        this.handlers.openAutoApproveSetting?.();
        break;
      case 'compact':
        this.session.compact().catch((error: unknown) => this.log.error(`Could not compact the conversation: ${errorMessage(error)}`));
        break;
      case 'newConversation':
        this.session.newConversation().catch((error: unknown) => this.log.error(`Could not start a new conversation: ${errorMessage(error)}`));
        break;
      case 'openConversation':
        this.session.openConversation(message.conversationId).catch((error: unknown) => this.log.error(`Could not open the conversation: ${(error as Error).message}`));
        break;
      case 'deleteConversation':
        this.session.deleteConversationAsked(message.conversationId).catch((error: unknown) => this.log.error(`Could not delete the conversation: ${(error as Error).message}`));
        break;
      case 'connectionAction':
        this.handlers.connectionAction(message.action, message.site);
        break;
      case 'openFile':
        this.handlers.openFile(message.path);
        break;
      case 'restoreCheckpoint':
        this.handlers.restoreCheckpoint(message.itemId);
        break;
      case 'reviewChanges':
        this.handlers.reviewChanges?.(message.itemId);
        break;
      case 'secondOpinion':
        this.handlers.secondOpinion?.();
        break;
      case 'sendReview':
        this.handlers.sendReview?.(message.itemId, message.site);
        break;
      case 'chooseMode':
        this.handlers.chooseMode?.(message.mode);
        break;
      case 'actOnPlan':
        this.handlers.actOnPlan?.(message.itemId);
        break;
    }
  }

  /**
   * An edited message goes only when the user agrees to lose the later turns, after its files
   * were restored when the user chose that (else after the removed turns' checkpoints were
   * forgotten, so no restore offers what only they changed), and then the composer ends the edit;
   * when not, the composer gets the edit back as it was sent (still editing that message).
   */
  private sendEdited(message: Extract<WebviewToHostMessage, { type: 'send' }>): void {
    const replaces = message.replaces ?? '';
    const resendEdited = async (): Promise<void> => {
      const answer = await this.session.confirmReplace(replaces);
      const restored = answer === 'restoreAndResend' ? await this.handlers.restoreBeforeResend(replaces) : undefined;
      if (!answer || (restored && !restored.resend)) {
        this.post({ type: 'editKept', itemId: replaces, text: message.text, mentions: message.mentions ?? [] });
        return;
      }
      // A plain Resend keeps the files; the removed turns' checkpoints go (a restore already dropped them).
      if (!restored) await this.handlers.forgetCheckpointsFrom?.(replaces);
      // The composer kept the edit (and its mark) while the user chose: it ends now, before the conversation is cut.
      this.post({ type: 'editSent', itemId: replaces });
      this.handlers.send(message.text, message.mentions, decodeImageAttachments(message.attachments), replaces);
      // Told after the resend cut the conversation, so the notice stays with the edited message.
      for (const text of restored?.notices ?? []) this.session.notice(text);
    };
    resendEdited().catch((error: unknown) => this.log.error(`Could not resend the edited message: ${errorMessage(error)}`));
  }

  /** Sends what runs without asking now (call on each change of the grants or the setting). */
  postAutoApproval(): void {
    const autoApproval = this.handlers.autoApproval?.();
    if (autoApproval) this.post({ type: 'autoApproval', autoApproval });
  }

  /** Sends the slash commands the `/` menu offers (call when the workspace's prompt files change). */
  postSlashCommands(): void {
    const commands = this.handlers.slashCommands?.();
    if (commands) this.post({ type: 'slashCommands', commands });
  }

  /** Sends the modes the menu offers (call when they change). */
  postModes(): void {
    const modes = this.handlers.modes?.();
    if (modes) this.post({ type: 'modes', ...modes });
  }

  /** Posts the example prompts for this workspace when they changed (`readFiles`: list its files again first). */
  private postExamples(readFiles: boolean): void {
    if (!this.view || (!readFiles && !this.webviewReady)) return;
    if (readFiles || !this.sourceFiles) {
      this.sourceFiles = workspaceSourceFiles().catch((error: unknown) => {
        this.log.debug(`Could not list the workspace's files for the examples: ${errorMessage(error)}`);
        return [];
      });
    }
    void this.sourceFiles.then((sourceFiles) => {
      const prompts = examplePrompts({ sourceFiles, problemFiles: workspaceProblemFiles() });
      const key = JSON.stringify(prompts);
      if (key === this.postedExamples) return;
      this.postedExamples = key;
      this.post({ type: 'examplePrompts', prompts });
    });
  }

  private postState(): void {
    this.post({ type: 'state', state: this.session.state, connection: this.connection.state, history: this.session.history() });
  }

  private post(message: HostToWebviewMessage): void {
    if (!this.view) return;
    void this.view.webview.postMessage(message).then(undefined, (error: unknown) => this.log.debug(`postMessage failed: ${String(error)}`));
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}

function toDisposable(disposable: { dispose(): void }): vscode.Disposable {
  return new vscode.Disposable(() => disposable.dispose());
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, 500);
  } catch {
    return String(value);
  }
}
