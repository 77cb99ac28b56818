/**
 * The CLI with the browser backend (`--site --site-url --browser --headless`): a task runs
 * from a terminal through a replica chat site in real Chromium, using real tools.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/host/node/cli';
import { startReplicaServer, type ReplicaServer } from './replicas';
import { chromiumPath } from './harness';

describe('ptk CLI with the browser backend', () => {
  let server: ReplicaServer;
  before(async () => {
    server = await startReplicaServer({
      site: 'chatgpt',
      scenario: {
        turns: [
          { reply: 'Let me look.\n\n<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "package.json"}}\n</TOOL_CALL>', thinkingMs: 150 },
          { reply: 'The version in package.json is **4.5.6**.' },
        ],
      },
    });
  });
  after(() => server.close());

  it('runs a task through the replica site and prints the final answer', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'ptk-cli-browser-'));
    writeFileSync(path.join(root, 'package.json'), '{"name":"x","version":"4.5.6"}\n');
    let out = '';
    let err = '';
    const code = await main(
      ['run', '--site', 'chatgpt', '--site-url', server.url, '--browser', chromiumPath, '--headless', '--profile', mkdtempSync(path.join(tmpdir(), 'ptk-profile-')), '--workspace', root, 'What version is this package?'],
      { stdout: (text) => void (out += text), stderr: (text) => void (err += text) },
    );
    assert.equal(code, 0, err);
    assert.match(out, /The version in package\.json is \*\*4\.5\.6\*\*\./);
    assert.match(err, /→ read_file/);
    // Thread mode: the second message sent to the site is the tool result, not the whole transcript.
    assert.equal(server.submissions.length, 2);
    assert.match(server.submissions[1].text, /^TOOL_RESULT: /);
    assert.match(server.submissions[1].text, /4\.5\.6/);
    assert.doesNotMatch(server.submissions[1].text, /AVAILABLE TOOLS/);
  });
});
