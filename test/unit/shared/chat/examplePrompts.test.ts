import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { examplePrompts, GENERIC_EXAMPLE_PROMPTS, rankSourceFiles } from '../../../../src/shared/chat/examplePrompts';

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

  it('an empty folder gets the generic examples', () => {
    assert.deepEqual(examplePrompts({ sourceFiles: [], problemFiles: [] }), [...GENERIC_EXAMPLE_PROMPTS]);
  });
});
