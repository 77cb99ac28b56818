/**
 * `npm start`'s flag checks (scripts/start.mjs): a mistake in --sites is refused before anything
 * starts, with the reason and what there is.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';

const START = path.resolve(__dirname, '../../../scripts/start.mjs');

/** Runs start.mjs with `args`: its exit code and what it printed on stderr. */
function start(...args: string[]): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [START, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stderr: result.stderr };
}

describe('npm start: --sites mistakes are refused before anything starts', () => {
  it('no value (at the end, before another flag, or empty after =): asks for the sites', () => {
    for (const args of [['--sites'], ['--sites', '--demo'], ['--sites=']]) {
      const run = start(...args);
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, /^--sites: give the sites, e\.g\. --sites chatgpt,claude \(there are: chatgpt, claude, gemini, aistudio, deepseek; and, alone: madeup-parrot, madeup-heron, chatgpt-drifted\)\./);
    }
  });

  it('a page tried alone, listed with other sites: says it is tried alone (it exists)', () => {
    const run = start('--sites', 'madeup-parrot,chatgpt');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^--sites: madeup-parrot is tried alone \(--sites madeup-parrot\), not with other sites\./);
  });

  it('a site with no replica: names it and lists those there are', () => {
    const run = start('--sites', 'chatgpt,bogus');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^--sites: no replica of bogus \(there are: chatgpt/);
  });
});
