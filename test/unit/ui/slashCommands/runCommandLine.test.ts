import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILTIN_COMMANDS } from '../../../../src/ui/slashCommands/builtinCommands';
import type { CommandContext } from '../../../../src/ui/slashCommands/commandArguments';
import { parseClaudeCommandFile, parseCopilotPromptFile } from '../../../../src/ui/slashCommands/promptFiles';
import { runCommandLine, type CommandLineParts } from '../../../../src/ui/slashCommands/runCommandLine';

const COMMANDS = [
  ...BUILTIN_COMMANDS,
  parseClaudeCommandFile('.claude/commands/review-pr.md', '---\ndescription: Review a pull request\n---\nReview pull request #$1 with priority $2.'),
  parseCopilotPromptFile('.github/prompts/form.prompt.md', '---\ndescription: Make a form\n---\nCreate a form named ${input:formName:MyForm} with ${input:fields}.'),
  parseCopilotPromptFile('.github/prompts/explain-selection.prompt.md', 'Explain ${selection} from ${file}.'),
];

function recorder(answers: Record<string, string | undefined> = {}, context: CommandContext = {}) {
  const done: string[] = [];
  const parts: CommandLineParts = {
    commands: () => COMMANDS,
    context: () => context,
    send: (prompt, displayText) => void done.push(`send ${JSON.stringify(prompt)} as ${JSON.stringify(displayText)}`),
    newConversation: () => void done.push('new'),
    compact: () => void done.push('compact'),
    setMode: (argument) => void done.push(`mode ${argument}`),
    askInput: async (name, placeholder, command) => {
      done.push(`ask ${name} (${placeholder ?? ''}) for /${command}`);
      return answers[name];
    },
    notice: (text) => void done.push(`notice ${text}`),
  };
  return { parts, done };
}

describe('a line sent from the chat input', () => {
  it('that names no command is sent as typed', async () => {
    for (const line of ['Fix the bug', '/nosuch thing', 'a /review in the middle']) {
      const { parts, done } = recorder();
      await runCommandLine(line, parts);
      assert.deepEqual(done, [`send ${JSON.stringify(line)} as ${JSON.stringify(line)}`]);
    }
  });

  it('/new, /compact and /mode are done, not sent', async () => {
    const { parts, done } = recorder();
    await runCommandLine('/new', parts);
    await runCommandLine('/Compact', parts);
    await runCommandLine('/mode plan', parts);
    assert.deepEqual(done, ['new', 'compact', 'mode plan']);
  });

  it('a prompt file is sent filled with the rest of the line, shown as the line typed', async () => {
    const { parts, done } = recorder();
    await runCommandLine('/review-pr 42 high', parts);
    assert.deepEqual(done, ['send "Review pull request #42 with priority high." as "/review-pr 42 high"']);
  });

  it('an input the line left open is asked for; a dismissed question sends nothing', async () => {
    const answered = recorder({ fields: 'name and email' });
    await runCommandLine('/form formName=Signup', answered.parts);
    assert.deepEqual(answered.done, ['ask fields () for /form', 'send "Create a form named Signup with name and email." as "/form formName=Signup"']);
    const dismissed = recorder({});
    await runCommandLine('/form formName=Signup', dismissed.parts);
    assert.deepEqual(dismissed.done, ['ask fields () for /form', 'notice /form was not sent: it needs fields.']);
  });

  it('an editor variable the editor cannot give stops the command with a notice; with it the command goes', async () => {
    const none = recorder();
    await runCommandLine('/explain-selection', none.parts);
    assert.equal(none.done.length, 1);
    assert.match(none.done[0]!, /^notice \/explain-selection needs \$\{selection\}, \$\{file\}/);
    const given = recorder({}, { selection: 'parseList()', file: '/w/src/parser.ts' });
    await runCommandLine('/explain-selection', given.parts);
    assert.deepEqual(given.done, ['send "Explain parseList() from /w/src/parser.ts." as "/explain-selection"']);
  });

  it('a built-in prompt with nothing after its name acts on its default', async () => {
    const { parts, done } = recorder();
    await runCommandLine('/review', parts);
    assert.equal(done.length, 1);
    assert.match(done[0]!, /^send "Review the current uncommitted changes\. .*" as "\/review"$/);
  });
});
