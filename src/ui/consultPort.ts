/**
 * The consult tool's port over the UI's model handle (pure): which sites of `ptk.consultSites`
 * it may ask (only those the connection has, i.e. listed in `ptk.sites`, or `ptk.site` alone),
 * the task's own site, and the call itself: a plain request (no tools) to that site alone, in a
 * new chat under a thread key of its own, so the browser backend leases it a tab beside the
 * task's and no site router moves it elsewhere. The approval is given (the host's flow).
 */
import { randomUUID } from 'node:crypto';
import type { StreamDelta } from '../core/ports';
import type { ConsultPort } from '../core/tools/consultTool';
import type { ApprovalRequest } from '../core/workspace';
import { listedSites, primarySite } from './browserLoader';
import type { ChatModelHandle } from './chatConnection';
import type { ExtensionSettings } from './settings';

/** What the port is built from; every function is called when the tool runs. */
interface ConsultWiring {
  settings(): ExtensionSettings;
  /** The connection's model (one site, or the router over ptk.sites). */
  model(): Promise<ChatModelHandle>;
  /** The host's approval flow; rejects when the user says no. */
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<void>;
}

/**
 * The sites of `ptk.consultSites` the tool may ask, in order: those the connection has (ptk.sites,
 * else ptk.site). Each other entry gives one sentence in `problems`.
 */
export function consultableSites(settings: ExtensionSettings): { sites: string[]; problems: string[] } {
  const connected: readonly string[] = listedSites(settings);
  const sites: string[] = [];
  const problems: string[] = [];
  for (const site of settings.consultSites) {
    if (sites.includes(site)) continue;
    if (connected.includes(site)) sites.push(site);
    else problems.push(`ptk.consultSites: "${site}" is not one of the sites PTK uses (${settings.sites.length === 0 ? 'ptk.site' : 'ptk.sites'}: ${connected.join(', ')}); add it there and sign in to it to consult it.`);
  }
  return { sites, problems };
}

export function createConsultPort(wiring: ConsultWiring): ConsultPort {
  return {
    ownSite: async () => {
      const model = await wiring.model();
      return model.currentSite?.() ?? primarySite(wiring.settings());
    },
    approve: (request, signal) => wiring.approve(request, signal),
    send: async (site, prompt, signal, onText) => {
      const model = await wiring.model();
      return model.call(prompt, {
        signal,
        site,
        ...(onText ? { onDelta: (delta: StreamDelta) => onText(delta.full) } : {}),
        stayOnSite: true,
        thread: { newThread: true, key: `consult-${randomUUID()}`, fullTranscript: () => prompt },
      });
    },
  };
}
