/**
 * Loaded by the test build's hook inside the extension host (PTK_TEST_SUITE): installs the
 * replica model in place of the browser backend and reports "ready"; the Playwright driver
 * (ui.test.ts) then works the real UI. Prompts the model received are written to
 * PTK_UI_PROMPTS so the driver can check what the model was told.
 */
import { renameSync, writeFileSync } from 'node:fs';
import type { PTKExtensionApi } from '../../../src/extension';
import { ReplicaChatModel } from './replicaModel';

export async function run(api: PTKExtensionApi, report: (line: Record<string, unknown>) => void): Promise<void> {
  if (process.env.PTK_UI_MODEL === 'browser') {
    // The real browser backend against a replica site (replicaSite.test.ts): nothing to install.
    report({ type: 'ready', activationMs: api.activationMs, model: 'browser' });
    return;
  }
  const model = new ReplicaChatModel();
  const promptsFile = process.env.PTK_UI_PROMPTS;
  const originalCall = model.call.bind(model);
  // Written whole and renamed into place: the driver reads the file while tasks run, and must
  // never see it half written.
  const savePrompts = () => {
    if (!promptsFile) return;
    writeFileSync(`${promptsFile}.part`, JSON.stringify(model.prompts));
    renameSync(`${promptsFile}.part`, promptsFile);
  };
  model.call = async (prompt, options) => {
    // The model records the prompt as the call starts: saved before any of the reply can reach the view,
    // so a driver that has seen the reply always finds the prompt in the file.
    const reply = originalCall(prompt, options);
    savePrompts();
    try {
      return await reply;
    } finally {
      savePrompts();
    }
  };
  api.useChatModel(model, 'replica');
  report({ type: 'ready', activationMs: api.activationMs });
}
