/**
 * The chat view open in a real VS Code on a replica site, as the replica-site UI tests start it:
 * the replica-site suite in the extension host, screenshots under test-artifacts/<name>/, the
 * chat view opened. Also the replica replies of replicaModel.ts as the site streams them.
 */
import { join } from 'node:path';
import type { ReplicaEarlierTurn, ReplicaTurnScript } from '../../browser/replicas/scenario';
import { REPOSITORY_ROOT } from '../harness/paths';
import { startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { chooseReply, siteTranscript } from './replicaModel';

type WorkbenchOptions = Parameters<typeof startReplicaSiteWorkbench>[0];

/** Starts the workbench (artifacts in test-artifacts/`name`) and opens the chat view. */
export async function openReplicaChat(name: string, options: Omit<WorkbenchOptions, 'artifacts' | 'suiteFile'>): Promise<ReplicaSiteWorkbench> {
  const workbench = await startReplicaSiteWorkbench({ ...options, artifacts: join(REPOSITORY_ROOT, 'test-artifacts', name), suiteFile: join(__dirname, 'uiSuite.ts') });
  await workbench.openChat();
  return workbench;
}

/**
 * The replica model's reply to `prompt`, streamed by the site: slow replies (the long "Take your
 * time" answer) go slowly, so Stop always finds them running.
 */
export function replicaReply(prompt: string, earlier: readonly ReplicaEarlierTurn[]): string | ReplicaTurnScript {
  const reply = chooseReply(siteTranscript(earlier, prompt));
  return reply.chunkDelayMs >= 250 ? { reply: reply.text, tokenMs: 60 } : reply.text;
}
