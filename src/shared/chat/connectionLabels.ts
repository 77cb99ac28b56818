/**
 * What the chat view says about the connection and which buttons it offers (pure): the
 * status labels, the action buttons' labels, and the actions the header offers in each
 * status. One table, so the header and the error cards never name the same thing twice.
 */
import type { ConnectionAction, ConnectionState, ConnectionStatus } from './protocol';

/** The header's word for each status. */
const CONNECTION_STATUS_LABELS: Readonly<Record<ConnectionStatus, string>> = {
  disconnected: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  loginRequired: 'Log in required',
  error: 'Connection error',
};

/** The label of each action's button (error cards and the header). */
export const CONNECTION_ACTION_LABELS: Readonly<Record<ConnectionAction, string>> = {
  login: 'Log in',
  retry: 'Retry',
  openTab: 'Open tab',
  chooseSite: 'Choose site',
};

/** The buttons the header offers in each status. */
export const HEADER_ACTIONS: Readonly<Record<ConnectionStatus, readonly ConnectionAction[]>> = {
  disconnected: ['chooseSite'],
  connecting: [],
  connected: [],
  loginRequired: ['login', 'openTab'],
  error: ['retry', 'chooseSite'],
};

/** The header's label of an action: choosing the site is how one connects while nothing is. */
export function headerActionLabel(action: ConnectionAction, status: ConnectionStatus): string {
  return action === 'chooseSite' && status === 'disconnected' ? 'Connect' : CONNECTION_ACTION_LABELS[action];
}

/** The header's status line: "site · Connected", with a guest session named. */
export function connectionStatusLine(state: ConnectionState): string {
  const label = CONNECTION_STATUS_LABELS[state.status];
  const guest = state.status === 'connected' && state.guest === true ? ' as a guest' : '';
  return `${state.site || 'No site'} · ${label}${guest}`;
}

/** The header's tooltip: the detail and the site's latest notice, one per line. */
export function connectionTooltip(state: ConnectionState): string {
  return [state.detail, state.warning ? `Site notice: ${state.warning}` : undefined].filter((line) => line !== undefined && line !== '').join('\n');
}
