/**
 * search_code never shows text reached through a symlink out of the workspace, or from a
 * denied file (directly or through a symlink): with the JS search, with rg on PATH (the Node
 * host), and with an engine that does follow symlinks (the tool's own check by real path).
 * VS Code's bundled rg runs the same layout in test/vscode/unit/ripgrep.test.ts.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { WorkspaceSearchQuery, WorkspaceSearchResult } from '../../../src/core/workspace';
import { findRipgrepOnPath } from '../../../src/host/shared/ripgrepOnPath';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { DEFAULT_DENY_PATHS, createWorkspaceTools } from '../../../src/tools';
import { LEAK_PROBE, LEAK_PROBE_CALLS, assertNoForbiddenText, visibleMatch, writeConfinementTree } from './searchConfinementScenario';
import { callTool } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

function confinementWorkspace(): string {
  const parent = temp.folder('ptk-search-confinement-');
  writeConfinementTree(path.join(parent, 'workspace'), path.join(parent, 'outside'));
  return path.join(parent, 'workspace');
}

const probeQuery: WorkspaceSearchQuery = { pattern: LEAK_PROBE, isRegex: false, caseSensitive: true, maxResults: 100, exclude: [...DEFAULT_DENY_PATHS] };
const ripgrep = findRipgrepOnPath();

for (const [engine, ripgrepPath] of [['js', null], ['ripgrep', ripgrep ?? null]] as const) {
  describe(`search confinement: ${engine === 'js' ? 'the JS fallback' : 'rg on PATH (Node host)'}`, { skip: engine === 'ripgrep' && !ripgrep ? 'no rg on PATH' : false }, () => {
    it('search_code shows no text from outside the workspace or from denied files, through symlinks or not', async () => {
      const root = confinementWorkspace();
      const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root], ripgrepPath }));
      for (const call of LEAK_PROBE_CALLS) {
        const result = await callTool(tools, 'search_code', call);
        assert.equal(result.engine, engine);
        assertNoForbiddenText(result, `search_code ${JSON.stringify(call)}`);
        assert.deepEqual(result.matches, [visibleMatch()], JSON.stringify(call));
      }
      const inFolderLink = await callTool(tools, 'search_code', { query: LEAK_PROBE, options: { path: 'src' } });
      assert.deepEqual(inFolderLink.matches, [visibleMatch()]);
    });

    it('the engine itself never reads a file through an outward symlink or a denied real path', async () => {
      const root = confinementWorkspace();
      const result = await new NodeWorkspace({ roots: [root], ripgrepPath }).search(probeQuery);
      assertNoForbiddenText(result, 'workspace.search');
      assert.deepEqual(result.matches.map((match) => path.relative(root, match.path)), [path.join('src', 'visible.txt')]);
    });
  });
}

describe('search confinement: rg on PATH ignores a ripgrep config that asks to follow symlinks', { skip: ripgrep ? false : 'no rg on PATH' }, () => {
  it('RIPGREP_CONFIG_PATH with --follow changes nothing', async () => {
    const root = confinementWorkspace();
    const config = path.join(root, '..', 'ripgreprc');
    writeFileSync(config, '--follow\n');
    const saved = process.env.RIPGREP_CONFIG_PATH;
    process.env.RIPGREP_CONFIG_PATH = config;
    try {
      const result = await new NodeWorkspace({ roots: [root], ripgrepPath: ripgrep! }).search(probeQuery);
      assertNoForbiddenText(result, 'workspace.search with a --follow config');
    } finally {
      if (saved === undefined) delete process.env.RIPGREP_CONFIG_PATH;
      else process.env.RIPGREP_CONFIG_PATH = saved;
    }
  });
});

/** An engine that follows every symlink and knows no deny list: only the tool's own check stands between it and the model. */
class FollowingEngineWorkspace extends NodeWorkspace {
  override async search(query: WorkspaceSearchQuery): Promise<WorkspaceSearchResult> {
    const matches = [
      ['src/visible.txt', `export const a = '${LEAK_PROBE} visible';`],
      ['outward-file.txt', `${LEAK_PROBE} outside-file-secret`],
      ['outward-folder/inner.txt', `${LEAK_PROBE} outside-folder-secret`],
      ['.env', `TOKEN=${LEAK_PROBE} denied-env-secret`],
      ['env-link.txt', `TOKEN=${LEAK_PROBE} denied-env-secret`],
      ['config/server.key', `${LEAK_PROBE} denied-key-secret`],
      ['src/key-link.txt', `${LEAK_PROBE} denied-key-secret`],
    ].map(([relativePath, text]) => ({ path: path.join(this.roots[0]!, relativePath!), line: 1, column: text!.indexOf(LEAK_PROBE) + 1, text: text! }));
    return { matches: matches.slice(0, query.maxResults), truncated: false, engine: 'ripgrep' };
  }
}

describe('search confinement: an engine that follows symlinks', () => {
  it('search_code drops matches whose real path is outside the workspace or denied', async () => {
    const root = confinementWorkspace();
    const tools = createWorkspaceTools(new FollowingEngineWorkspace({ roots: [root], ripgrepPath: null }));
    const result = await callTool(tools, 'search_code', { query: LEAK_PROBE });
    assertNoForbiddenText(result, 'search_code');
    assert.deepEqual(result.matches, [visibleMatch()]);
  });
});
