/**
 * The web tools (browser, fetch_url) over the isolated browser port, sharing the tool set's
 * approval gate (so "Always" answers and the chat's auto-approval chip cover them) and the
 * `browserHosts` setting.
 */
import type { PTKTool } from '../../core/types';
import type { ToolEnvironment } from '../toolEnvironment';
import { createBrowserTool } from './browserTool';
import { createFetchUrlTool } from './fetchUrlTool';
import { WebAccess, type WebToolsWiring } from './webAccess';

export function createWebTools(environment: ToolEnvironment, wiring: WebToolsWiring): PTKTool[] {
  const { settings } = environment;
  const access = new WebAccess(environment.approvalGate, async () => ({ approvedHosts: settings.browserHosts, chatSites: await wiring.chatSites() }));
  return [createBrowserTool(wiring.port, access, settings.resultFieldMaxChars), createFetchUrlTool(wiring.port, access, settings.resultFieldMaxChars)];
}
