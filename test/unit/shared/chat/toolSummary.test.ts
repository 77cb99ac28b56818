import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { editLineCounts, summarizeToolResult } from '../../../../src/shared/chat/toolSummary';

const ok = (data: unknown) => ({ success: true, data });

describe('summarizeToolResult: result lines written for people', () => {
  it('says what the workspace tools did', () => {
    assert.equal(summarizeToolResult(ok({ path: 'notes/hello.txt', created: true, lines: 1, characters: 15 }), 'write_file', { path: 'notes/hello.txt' }), 'Created notes/hello.txt (1 line)');
    assert.equal(summarizeToolResult(ok({ path: 'a.txt', created: false, lines: 3, characters: 9 }), 'write_file'), 'Replaced a.txt (3 lines)');
    assert.equal(summarizeToolResult(ok({ path: 'src/main.ts', content: '…', startLine: 1, endLine: 40, totalLines: 120 }), 'read_file'), 'Read src/main.ts (lines 1–40 of 120)');
    assert.equal(summarizeToolResult(ok({ path: 'notes/hello.txt', content: '1 | Hi', startLine: 1, endLine: 1, totalLines: 1 }), 'read_file'), 'Read notes/hello.txt (1 line)');
    assert.equal(summarizeToolResult(ok({ path: 'e.txt', content: '', startLine: 1, endLine: 0, totalLines: 0 }), 'read_file'), 'Read e.txt (empty)');
    const edits = [{ search: 'a\nb\n', replace: 'a\nB\nc\nd\n' }];
    assert.equal(summarizeToolResult(ok({ path: 'src/app.ts', editsApplied: 1, matches: ['exact'] }), 'edit_file', { path: 'src/app.ts', edits }), 'Edited src/app.ts (+3 −1)');
    assert.equal(summarizeToolResult(ok({ path: 'src/app.ts', editsApplied: 0, matches: ['exact'] }), 'edit_file', { edits }), 'Left src/app.ts unchanged (the edits change nothing)');
    assert.equal(summarizeToolResult(ok({ command: 'npm test', cwd: '.', exitCode: 0, stdout: '', stderr: '' }), 'run_command'), 'Ran npm test — exit 0');
    assert.equal(summarizeToolResult(ok({ command: 'sleep 9', cwd: '.', exitCode: null, signal: 'SIGTERM' }), 'run_tests'), 'Ran sleep 9 — ended by SIGTERM');
    assert.equal(summarizeToolResult(ok({ directory: 'src', files: ['src/a.ts', 'src/b.ts'], omitted: 0 }), 'list_files'), 'Listed 2 files in src');
    assert.equal(summarizeToolResult(ok({ query: 'greet', matches: ['a:1:1: greet'], count: 1, truncated: false }), 'search_code'), 'Found 1 match for "greet"');
    assert.equal(summarizeToolResult(ok({ query: 'TODO|FIXME', matches: [], count: 0, truncated: false }), 'search_code'), 'Found 0 matches for "TODO|FIXME"');
    assert.equal(summarizeToolResult(ok({ query: 'greet', matches: ['a:1:1: greet', 'b:2:1: greet'], count: 2, truncated: true }), 'search_code'), 'Found 2+ matches for "greet"');
    assert.equal(summarizeToolResult(ok({ diagnostics: [], counts: { error: 0, warning: 0 }, omitted: 0 }), 'get_diagnostics', { file: 'a.ts' }), 'No errors or warnings in a.ts');
    assert.equal(summarizeToolResult(ok({ diagnostics: [], counts: { error: 2, warning: 1 }, omitted: 0 }), 'get_diagnostics'), '2 errors, 1 warning');
    assert.equal(summarizeToolResult(ok({ saved: true, done: 1, total: 3 }), 'update_todos'), 'Task list: 1 of 3 steps done');
  });

  it('keeps errors, other tools and unknown shapes as before', () => {
    assert.equal(summarizeToolResult({ success: false, data: null, error: 'File not found' }, 'read_file'), 'Error: File not found');
    assert.equal(summarizeToolResult({ success: false, data: null, error: 'Stopped by the user.', code: 'ABORTED' }, 'write_file'), 'Stopped by the user.', 'a stop the user chose is said plainly, not as an error');
    assert.equal(summarizeToolResult(ok({ summary: 'All done' }), 'finish'), 'All done');
    assert.equal(summarizeToolResult(ok({ path: 'x', size: 3 }), 'custom_tool'), 'x, size: 3');
    assert.equal(summarizeToolResult(ok({ path: 'x' }), 'write_file'), 'x');
  });

  it('counts an edit\'s added and removed lines', () => {
    assert.deepEqual(editLineCounts([{ search: 'x', replace: '' }, { search: 'y\n', replace: 'y\nz\n' }]), { added: 1, removed: 1 });
    assert.equal(editLineCounts('nope'), undefined);
  });
});
