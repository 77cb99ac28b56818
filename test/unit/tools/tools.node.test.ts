import { describe, it } from 'node:test';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { findRipgrepOnPath } from '../../../src/host/shared/ripgrepOnPath';
import { workspaceScenarios, writeScenarioTree } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

function fixture(ripgrepPath: string | null) {
  const root = temp.folder('ptk-tools-');
  writeScenarioTree(root);
  return { root, workspace: new NodeWorkspace({ roots: [root], ripgrepPath }) };
}

const ripgrep = findRipgrepOnPath();

describe('workspace tool scenarios on the Node port (JS search)', () => {
  for (const scenario of workspaceScenarios) {
    it(scenario.name, () => scenario.run(fixture(null)));
  }
});

describe('workspace tool scenarios on the Node port (ripgrep)', { skip: ripgrep ? false : 'no rg on PATH' }, () => {
  for (const scenario of workspaceScenarios.filter((candidate) => candidate.name.startsWith('search_code'))) {
    it(scenario.name, () => scenario.run(fixture(ripgrep!)));
  }
});
