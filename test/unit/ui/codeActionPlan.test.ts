import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSelectionPrompt, fixFileDisplayText, planCodeActions, selectionCutNote, type CodeActionContextInput } from '../../../src/ui/codeActionPlan';

const base: CodeActionContextInput = { relativePath: 'src/a.ts', languageId: 'typescript', diagnostics: [], selectedText: '', selectionStartLine: 3, selectionEndLine: 3 };

describe('planCodeActions', () => {
  it('offers nothing without diagnostics or selection', () => {
    assert.deepEqual(planCodeActions(base), []);
  });

  it('offers Fix (bound to the diagnostic) and Explain for an error', () => {
    const actions = planCodeActions({ ...base, diagnostics: [{ message: "Type 'string' is not assignable to type 'number'.", severity: 'error', startLine: 4, endLine: 4, source: 'ts', code: 2322 }] });
    assert.deepEqual(actions.map((action) => [action.kind, action.diagnosticIndex]), [['quickfix', 0], ['explain', 0]]);
    assert.match(actions[0].title, /^Fix with PTK: Type 'string'/);
    assert.match(actions[0].prompt, /src\/a\.ts/);
    assert.match(actions[0].prompt, /error \(ts 2322\) at line 4/);
  });

  it('only explains hints and information', () => {
    const actions = planCodeActions({ ...base, diagnostics: [{ message: 'unused', severity: 'hint', startLine: 1, endLine: 1 }] });
    assert.deepEqual(actions.map((action) => action.kind), ['explain']);
  });

  it('caps the diagnostics that get actions and adds Ask for a selection', () => {
    const diagnostics = Array.from({ length: 5 }, (_, index) => ({ message: `e${index}`, severity: 'warning' as const, startLine: index + 1, endLine: index + 1 }));
    const actions = planCodeActions({ ...base, diagnostics, selectedText: 'const x = 1;', selectionEndLine: 4 });
    assert.equal(actions.filter((action) => action.kind === 'quickfix').length, 3);
    const ask = actions.at(-1);
    assert.equal(ask?.kind, 'ask');
    assert.match(ask?.prompt ?? '', /lines 3-4:\n```typescript\nconst x = 1;\n```/);
  });

  it('runs Explain and Ask with read-only tools, Fix with all of them', () => {
    const actions = planCodeActions({ ...base, diagnostics: [{ message: 'bad', severity: 'error', startLine: 1, endLine: 1 }], selectedText: 'x' });
    assert.deepEqual(actions.map((action) => [action.kind, action.mode]), [['quickfix', 'agent'], ['explain', 'ask'], ['ask', 'ask']]);
  });

  it('does not offer Ask for a whitespace-only selection', () => {
    assert.deepEqual(planCodeActions({ ...base, selectedText: '  \n ' }), []);
  });
});

describe('buildSelectionPrompt', () => {
  it('uses a different fence when the code contains one, and cuts huge selections', () => {
    assert.match(buildSelectionPrompt('a.md', 'markdown', 'x\n```\ny', 1, 2), /~~~~markdown/);
    assert.match(buildSelectionPrompt('a.ts', 'ts', 'y'.repeat(9000), 1, 2), /selection cut at 8000 characters/);
  });

  it('a cut selection says so in the message the chat shows, a whole one does not', () => {
    const ask = (selectedText: string) => planCodeActions({ ...base, selectedText }).find((action) => action.kind === 'ask');
    assert.equal(ask('y'.repeat(9000))?.displayText, `About ${base.relativePath}:${base.selectionStartLine}-${base.selectionEndLine} (the message carries the first 8,000 characters of the selection)`);
    assert.equal(ask('y'.repeat(8000))?.displayText, `About ${base.relativePath}:${base.selectionStartLine}-${base.selectionEndLine}`);
    assert.equal(selectionCutNote('short'), '');
  });
});

describe('fixFileDisplayText', () => {
  it('says "the problem" for one and "the N problems" for several, never "problem(s)"', () => {
    assert.equal(fixFileDisplayText('src/a.ts', 1), 'Fix the problem in src/a.ts');
    assert.equal(fixFileDisplayText('src/a.ts', 3), 'Fix the 3 problems in src/a.ts');
  });
});
