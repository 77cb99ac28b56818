/** The status bar item: the chat site and its connection state; click for the site picker. */
import * as vscode from 'vscode';
import type { ConnectionState } from '../shared/chat/protocol';

const ICONS: Record<ConnectionState['status'], string> = {
  disconnected: '$(debug-disconnect)',
  connecting: '$(sync~spin)',
  connected: '$(comment-discussion)',
  loginRequired: '$(account)',
  error: '$(error)',
};

const LABELS: Record<ConnectionState['status'], string> = {
  disconnected: 'not connected',
  connecting: 'connecting…',
  connected: 'connected',
  loginRequired: 'log in required',
  error: 'connection error',
};

/** Text and tooltip for a state (pure). A guest session and a site notice show with "connected". */
function describeConnection(state: ConnectionState, busy: boolean): { text: string; tooltip: string } {
  const guest = state.status === 'connected' && state.guest === true;
  const text = `${busy ? '$(loading~spin)' : ICONS[state.status]} PTK: ${state.site}${guest ? ' (guest)' : ''}${state.warning ? ' $(warning)' : ''}`;
  const label = guest ? `${LABELS[state.status]}, chatting as a guest` : LABELS[state.status];
  const lines = [`PTK Assistant: ${state.site}, ${label}`, state.detail, state.warning ? `Site notice: ${state.warning}` : undefined, 'Click to connect or choose the site.'];
  return { text, tooltip: lines.filter((line) => line !== undefined && line !== '').join('\n') };
}

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('ptk.status', vscode.StatusBarAlignment.Right, 100);
  private state: ConnectionState;
  private busy = false;

  constructor(initial: ConnectionState) {
    this.state = initial;
    this.item.name = 'PTK Assistant';
    this.item.command = 'ptk.connect';
    this.render();
    this.item.show();
  }

  update(state: ConnectionState): void {
    this.state = state;
    this.render();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.render();
  }

  private render(): void {
    const { text, tooltip } = describeConnection(this.state, this.busy);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.backgroundColor = this.state.status === 'error' || this.state.status === 'loginRequired' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
