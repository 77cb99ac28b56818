import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigurationError } from '../../../../src/core/errors';
import { parseClaudeCommandFile, parseClineWorkflowFile, parseCopilotPromptFile, parsePtkCommandFile } from '../../../../src/ui/slashCommands/promptFiles';

function assertConfigError(run: () => unknown, pattern: RegExp): void {
  assert.throws(run, (error: unknown) => error instanceof ConfigurationError && pattern.test(error.message));
}

describe('prompt files', () => {
  it('reads a Copilot prompt file: name, description, agent, tools, model, the template', () => {
    const text = [
      '---',
      "agent: 'agent'",
      "model: GPT-4o",
      "tools: ['githubRepo', 'search/codebase']",
      "description: 'Generate a new React form component'",
      'argument-hint: formName=MyForm',
      '---',
      'Your goal is to generate a new React form component named ${input:formName:MyForm}.',
      'Use the selected code as a reference: ${selection}',
    ].join('\n');
    assert.deepEqual(parseCopilotPromptFile('.github/prompts/create-react-form.prompt.md', text), {
      name: 'create-react-form',
      source: 'copilot',
      file: '.github/prompts/create-react-form.prompt.md',
      syntax: 'inputs',
      template: 'Your goal is to generate a new React form component named ${input:formName:MyForm}.\nUse the selected code as a reference: ${selection}',
      description: 'Generate a new React form component',
      argumentHint: 'formName=MyForm',
      mode: 'agent',
      model: 'GPT-4o',
      tools: ['githubRepo', 'search/codebase'],
    });
    assert.equal(parseCopilotPromptFile('.github/prompts/x.prompt.md', '---\nname: security review\nmode: ask\n---\nGo').name, 'security-review');
    assert.equal(parseCopilotPromptFile('.github/prompts/x.prompt.md', '---\nname: security review\nmode: ask\n---\nGo').mode, 'ask');
  });

  it('reads a Claude Code command: description, argument-hint, allowed-tools, $ARGUMENTS template', () => {
    const text = '---\nallowed-tools: Bash(git add:*), Bash(git status:*), Read\nargument-hint: [pr-number] [priority]\ndescription: Review a pull request\nmodel: sonnet\n---\n\nReview PR #$1 with priority $2.\n';
    assert.deepEqual(parseClaudeCommandFile('.claude/commands/review-pr.md', text), {
      name: 'review-pr',
      source: 'claude',
      file: '.claude/commands/review-pr.md',
      syntax: 'arguments',
      template: 'Review PR #$1 with priority $2.',
      description: 'Review a pull request',
      argumentHint: '[pr-number] [priority]',
      model: 'sonnet',
      tools: ['Bash(git add:*)', 'Bash(git status:*)', 'Read'],
    });
    const listed = parseClaudeCommandFile('.claude/commands/c.md', "---\nallowed-tools: [Read, Grep]\nargument-hint: [message]\ndescription: 'Commit: staged changes'\n---\nx");
    assert.deepEqual([listed.tools, listed.argumentHint, listed.description], [['Read', 'Grep'], '[message]', 'Commit: staged changes']);
    // No description: the prompt's first line, as Claude Code shows it.
    assert.deepEqual(parseClaudeCommandFile('.claude/commands/optimize.md', 'Analyze this code for performance issues.'), { name: 'optimize', source: 'claude', file: '.claude/commands/optimize.md', syntax: 'arguments', template: 'Analyze this code for performance issues.', description: 'Analyze this code for performance issues.' });
  });

  it('reads a Cline workflow (named with .md, its heading as the description) and a PTK command (with a mode)', () => {
    const workflow = parseClineWorkflowFile('.clinerules/workflows/deploy.md', '# Deploy to staging\n\n## Step 1\nRun `npm run build`.\n');
    assert.equal(workflow.name, 'deploy.md');
    assert.equal(workflow.description, 'Deploy to staging');
    assert.equal(workflow.syntax, 'append');
    assert.match(workflow.template!, /^# Deploy to staging\n\n## Step 1/);
    const ptk = parsePtkCommandFile('.ptk/commands/plan-feature.md', '---\ndescription: Plan a feature\nmode: plan\n---\nPlan $ARGUMENTS.');
    assert.deepEqual([ptk.name, ptk.mode, ptk.syntax, ptk.template], ['plan-feature', 'plan', 'arguments', 'Plan $ARGUMENTS.']);
  });

  it('a broken header is an error naming the file, for each format with a header', () => {
    assertConfigError(() => parseCopilotPromptFile('.github/prompts/a.prompt.md', '---\ndescription: x\nno end'), /^\.github\/prompts\/a\.prompt\.md: .*not closed/);
    assertConfigError(() => parseClaudeCommandFile('.claude/commands/b.md', '---\ndescription: x\n\nbody'), /^\.claude\/commands\/b\.md: .*not closed/);
    assertConfigError(() => parsePtkCommandFile('.ptk/commands/c.md', '---\n- a\n- b\n---\nx'), /^\.ptk\/commands\/c\.md: .*not a list of "key: value" fields/);
    assertConfigError(() => parsePtkCommandFile('.ptk/commands/e.md', '---\ndescription: [x\n---\nx'), /^\.ptk\/commands\/e\.md: .*not valid YAML/);
    assertConfigError(() => parseCopilotPromptFile('.github/prompts/d.prompt.md', '---\ntools: 3\n---\nx'), /^\.github\/prompts\/d\.prompt\.md: "tools" must be a list/);
  });
});
