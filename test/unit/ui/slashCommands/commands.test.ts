import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandTemplate, splitArguments } from '../../../../src/ui/slashCommands/commandArguments';
import { commandsMatching } from '../../../../src/shared/chat/commandMenu';
import { expandCommandLine } from '../../../../src/ui/slashCommands/expandCommandLine';
import { loadCommands } from '../../../../src/ui/slashCommands/loadCommands';
import { memoryTextFiles } from '../../../../src/ui/workspaceTextFiles';

const workspace = memoryTextFiles({
  '.github/prompts/create-react-form.prompt.md': "---\ndescription: New form\n---\nCreate a form named ${input:formName:MyForm} with fields ${input:fields}.",
  '.github/prompts/explain-selection.prompt.md': 'Explain ${selection} in ${fileBasename}.',
  '.github/prompts/review.prompt.md': 'A prompt that tries to replace the built-in /review.',
  '.github/prompts/broken.prompt.md': '---\ndescription: [x\n---\nbody',
  '.claude/commands/fix-issue.md': '---\nargument-hint: <issue-number> [priority]\n---\nFix issue #$1 (priority $2). Details: $ARGUMENTS',
  '.claude/commands/create-react-form.md': 'Claude version, shadowed by the Copilot one.',
  '.claude/commands/notes.txt': 'not a command',
  '.clinerules/workflows/release.md': '# Release\n1. Bump the version.',
  '.ptk/commands/refactor.md': '---\ndescription: Refactor\n---\nRefactor $ARGUMENTS without changing behaviour.',
});

describe('loadCommands', () => {
  it('built-ins first, then PTK, Copilot, Claude Code and Cline files; clashes and broken files are errors naming the file', async () => {
    const { commands, errors } = await loadCommands(workspace);
    assert.deepEqual(commands.map((command) => `${command.source}:${command.name}`), [
      'builtin:new', 'builtin:compact', 'builtin:mode', 'builtin:review', 'builtin:explain', 'builtin:fix',
      'ptk:refactor',
      'copilot:create-react-form', 'copilot:explain-selection',
      'claude:fix-issue',
      'cline:release.md',
    ]);
    assert.deepEqual(errors.map((error) => error.message.replace(/ \(.*\)\.$/, '')), [
      '.github/prompts/broken.prompt.md: the front matter is not valid YAML',
      '.github/prompts/review.prompt.md: the command name /review is already used by the built-in /review, so this file is not offered; rename it.',
      '.claude/commands/create-react-form.md: the command name /create-react-form is already used by the command in .github/prompts/create-react-form.prompt.md, so this file is not offered; rename it.',
    ]);
  });
});

describe('the command menu', () => {
  it('"/" lists every command; a prefix lists those starting with it, then those containing it; an argument hides the menu', async () => {
    const { commands } = await loadCommands(workspace);
    assert.equal(commandsMatching(commands, '/').length, commands.length);
    assert.deepEqual(commandsMatching(commands, '/RE').map((command) => command.name), ['review', 'refactor', 'release.md', 'create-react-form']);
    assert.deepEqual(commandsMatching(commands, '/fix i'), []);
    assert.deepEqual(commandsMatching(commands, 'fix'), []);
  });
});

describe('expanding a typed line', () => {
  it('Claude Code syntax: $ARGUMENTS is the rest, $1 $2 its words (quotes keep spaces), a missing word is empty', async () => {
    const { commands } = await loadCommands(workspace);
    const line = expandCommandLine('/fix-issue 123 "very high"', commands);
    assert.equal(line.kind, 'prompt');
    assert.equal(line.kind === 'prompt' && line.text, 'Fix issue #123 (priority very high). Details: 123 "very high"');
    const short = expandCommandLine('/Fix-Issue 7', commands);
    assert.equal(short.kind === 'prompt' && short.text, 'Fix issue #7 (priority ). Details: 7');
    assert.deepEqual(splitArguments(`a 'b c' "d e" f`), ['a', 'b c', 'd e', 'f']);
  });

  it('Copilot syntax: name=value fills ${input:name}; an input with nothing is left as written and reported; editor variables from the context', async () => {
    const { commands } = await loadCommands(workspace);
    const line = expandCommandLine('/create-react-form formName=Signup extra words', commands);
    assert.deepEqual(line.kind === 'prompt' && [line.text, line.unfilled], ['Create a form named Signup with fields ${input:fields}.\n\nextra words', ['${input:fields}']]);
    const explained = expandCommandLine('/explain-selection', commands, { selection: 'x => x + 1', file: '/work/src/add.ts' });
    assert.deepEqual(explained.kind === 'prompt' && [explained.text, explained.unfilled], ['Explain x => x + 1 in add.ts.', []]);
    const noContext = expandCommandLine('/explain-selection', commands);
    assert.deepEqual(noContext.kind === 'prompt' && noContext.unfilled, ['${selection}', '${fileBasename}']);
    assert.deepEqual(expandTemplate('Name it ${input:name:a placeholder}.', 'inputs', 'Widget Box'), { text: 'Name it Widget Box.', unfilled: [] });
  });

  it('Cline workflows and templates without a placeholder get the rest appended; built-in prompts use their default argument', async () => {
    const { commands } = await loadCommands(workspace);
    const release = expandCommandLine('/release.md version 2.0', commands);
    assert.equal(release.kind === 'prompt' && release.text, '# Release\n1. Bump the version.\n\nversion 2.0');
    const review = expandCommandLine('/review', commands);
    assert.equal(review.kind === 'prompt' && review.text, 'Review the current uncommitted changes. List bugs, risky changes and missing tests, most serious first, each with its file and line. Do not change any files.');
    const explain = expandCommandLine('/explain src/loop.ts', commands);
    assert.match(explain.kind === 'prompt' ? explain.text : '', /^Explain src\/loop\.ts: what it does/);
  });

  it('built-in actions come back with their argument; an unknown command or plain text is sent as typed', async () => {
    const { commands } = await loadCommands(workspace);
    const mode = expandCommandLine('/mode  plan ', commands);
    assert.deepEqual(mode.kind === 'action' && [mode.action, mode.argument], ['mode', 'plan']);
    assert.deepEqual(expandCommandLine('/nosuch thing', commands), { kind: 'text' });
    assert.deepEqual(expandCommandLine('what does /review do?', commands), { kind: 'text' });
  });
});
