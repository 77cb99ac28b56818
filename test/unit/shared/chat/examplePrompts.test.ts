import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { examplePrompts, FIX_WORKSPACE_EXAMPLE, GENERIC_EXAMPLE_PROMPTS, rankSourceFiles } from '../../../../src/shared/chat/examplePrompts';

describe('example prompts for the workspace', () => {
  it('names a real file to explain, the file with problems to fix, and one to test', () => {
    const sourceFiles = rankSourceFiles(['src/util/strings.ts', 'src/main.ts', 'test/main.test.ts', 'src/types.d.ts']);
    assert.deepEqual(sourceFiles, ['src/main.ts', 'src/util/strings.ts']);
    assert.deepEqual(examplePrompts({ sourceFiles, problemFiles: ['config/broken.json'] }), [
      'Explain src/main.ts',
      'Fix the problems VS Code reports in config/broken.json',
      'Write a test for src/util/strings.ts',
    ]);
  });

  it('tests a file other than the ones explained and with problems, when there is one', () => {
    assert.deepEqual(examplePrompts({ sourceFiles: ['src/index.ts', 'src/app.ts', 'src/lib.ts'], problemFiles: ['src/app.ts'] }).at(-1), 'Write a test for src/lib.ts');
    assert.deepEqual(examplePrompts({ sourceFiles: ['src/index.ts'], problemFiles: [] }).at(-1), 'Write a test for src/index.ts');
  });

  it('entry points first, then shallow paths, then by name', () => {
    assert.deepEqual(rankSourceFiles(['lib/deep/a.py', 'b.py', 'app.py', 'src/index.js', 'pkg/__tests__/x.js', 'x_test.go']), ['src/index.js', 'app.py', 'b.py', 'lib/deep/a.py']);
  });

  it('with no problem known yet, the second example is a search that works in any workspace, not a fix with nothing to fix', () => {
    const prompts = examplePrompts({ sourceFiles: ['src/main.ts', 'src/greeting.ts'], problemFiles: [] });
    assert.deepEqual(prompts, ['Explain src/main.ts', 'Search this workspace for TODO and FIXME comments.', 'Write a test for src/greeting.ts']);
    assert.ok(!prompts.some((prompt) => /problems/i.test(prompt)));
  });

  it('with errors in several files, the second example fixes them all in one task', () => {
    assert.equal(examplePrompts({ sourceFiles: ['src/main.ts'], problemFiles: ['config/broken.json', 'src/main.ts'] })[1], FIX_WORKSPACE_EXAMPLE);
  });

  it('an empty folder gets the generic examples', () => {
    assert.deepEqual(examplePrompts({ sourceFiles: [], problemFiles: [] }), [...GENERIC_EXAMPLE_PROMPTS]);
  });
});
