/** The status bar item: the chat site, its model and its connection state; click for the site picker. */
import * as vscode from 'vscode';
import { connectionTargetLine, connectionTooltip } from '../../../shared/chat/connectionLabels';
import type { ConnectionState } from '../../../shared/chat/protocol';

const ICONS: Record<ConnectionState['status'], string> = {
  disconnected: '$(debug-disconnect)',
  connecting: '$(sync~spin)',
  connected: '$(comment-discussion)',
  limited: '$(watch)',
  loginRequired: '$(account)',
  error: '$(error)',
};

/** Text and tooltip for a state (pure): site · model (· address), a guest session and a site notice marked. */
function describeConnection(state: ConnectionState, busy: boolean): { text: string; tooltip: string } {
  const guest = state.status === 'connected' && state.guest === true;
  const text = `${busy ? '$(loading~spin)' : ICONS[state.status]} PTK: ${connectionTargetLine(state)}${guest ? ' (guest)' : ''}${state.warning ? ' $(warning)' : ''}`;
  return { text, tooltip: `PTK Assistant\n${connectionTooltip(state)}\nClick to choose the site or open its tab.` };
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
    this.item.backgroundColor = this.state.status === 'error' || this.state.status === 'loginRequired' || this.state.status === 'limited' ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
