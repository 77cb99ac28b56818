import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigurationError } from '../../../../src/core/errors';
import { parseCopilotModeFile } from '../../../../src/ui/modes/copilotModeFile';
import { parsePtkModeFile } from '../../../../src/ui/modes/ptkModeFile';
import { parseRooModesFile } from '../../../../src/ui/modes/rooModesFile';

/** Asserts `run` throws a ConfigurationError whose message matches every pattern. */
function assertConfigError(run: () => unknown, ...patterns: RegExp[]): ConfigurationError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ConfigurationError, `expected a ConfigurationError, got ${String(caught)}`);
  for (const pattern of patterns) assert.match(caught.message, pattern);
  return caught;
}

describe('Copilot mode files (.chatmode.md, .agent.md)', () => {
  it('reads a custom agent: name, description, tool sets mapped to PTK tools, model, body', () => {
    const text = [
      '---',
      "description: 'Generate an implementation plan for new features or refactoring existing code.'",
      'name: Planner',
      "tools: ['search/codebase', 'read', 'fetch', 'githubRepo', 'usages', 'github/*']",
      "model: ['Claude Sonnet 4.5 (copilot)', 'GPT-5 (copilot)']",
      'handoffs:',
      '  - label: Implement Plan',
      '    agent: agent',
      '---',
      '# Planning instructions',
      'You are in planning mode. Do not make any code edits.',
      '',
    ].join('\n');
    const mode = parseCopilotModeFile('.github/agents/Planner.agent.md', text);
    assert.equal(mode.id, 'planner');
    assert.equal(mode.name, 'Planner');
    assert.equal(mode.description, 'Generate an implementation plan for new features or refactoring existing code.');
    assert.deepEqual(mode.tools, ['read_file', 'search_code', 'get_diagnostics', 'fetch_url']);
    assert.deepEqual(mode.unavailableTools, ['githubRepo', 'usages', 'github/*']);
    assert.equal(mode.model, 'Claude Sonnet 4.5 (copilot), GPT-5 (copilot)');
    assert.equal(mode.instructions, '# Planning instructions\nYou are in planning mode. Do not make any code edits.');
    assert.deepEqual(mode.origin, { kind: 'copilot', file: '.github/agents/Planner.agent.md' });
  });

  it('reads an older chat mode with the flat tool names; no tools field means every tool', () => {
    const mode = parseCopilotModeFile('.github/chatmodes/fixer.chatmode.md', "---\ndescription: Fix bugs\ntools: ['codebase', 'editFiles', 'runCommands', 'problems', 'runTests']\n---\nFix it.");
    assert.equal(mode.id, 'fixer');
    assert.equal(mode.name, 'fixer');
    assert.deepEqual(mode.tools, ['search_code', 'get_diagnostics', 'write_file', 'edit_file', 'run_command', 'run_tests']);
    assert.equal(mode.unavailableTools, undefined);
    const open = parseCopilotModeFile('.github/chatmodes/free.chatmode.md', 'Just instructions, no header.');
    assert.equal(open.tools, undefined);
    assert.equal(open.instructions, 'Just instructions, no header.');
  });

  it('an unknown tool is an error naming the file, the mode, the tool and the known names', () => {
    const error = assertConfigError(
      () => parseCopilotModeFile('.github/agents/review.agent.md', "---\nname: Reviewer\ntools: ['codebase', 'editFilez']\n---\nReview."),
      /^\.github\/agents\/review\.agent\.md, mode "Reviewer": unknown tool "editFilez"\. Known tools: read_file, .*editFiles/,
    );
    assert.equal(error.context?.file, '.github/agents/review.agent.md');
    assert.equal(error.context?.tool, 'editFilez');
  });

  it('a header that is not closed, not YAML, or a field of the wrong type is an error naming the file', () => {
    assertConfigError(() => parseCopilotModeFile('.github/agents/a.agent.md', '---\ndescription: x\nNo closing line'), /^\.github\/agents\/a\.agent\.md: .*not closed/);
    assertConfigError(() => parseCopilotModeFile('.github/agents/b.agent.md', "---\ntools: ['codebase'\n---\nx"), /^\.github\/agents\/b\.agent\.md: .*not valid YAML/);
    assertConfigError(() => parseCopilotModeFile('.github/agents/c.agent.md', '---\ntools: {read: true}\n---\nx'), /c\.agent\.md, mode "c": "tools" must be a list/);
  });
});

describe('Roo Code .roomodes', () => {
  const yaml = [
    'customModes:',
    '  - slug: docs-writer',
    '    name: 📝 Documentation Writer',
    '    description: Writes and edits the documentation',
    '    roleDefinition: You are a technical writer specializing in clear documentation.',
    '    whenToUse: Use this mode for writing and editing documentation.',
    '    customInstructions: Focus on clarity and completeness.',
    '    groups:',
    '      - read',
    '      - - edit',
    '        - fileRegex: \\.(md|mdx)$',
    '          description: Markdown files only',
    '      - browser',
    '  - slug: test-runner',
    '    name: Test Runner',
    '    roleDefinition: You run the tests.',
    '    groups: [read, command]',
    '',
  ].join('\n');

  it('reads YAML: slug, name, role definition + custom instructions, groups with the edit fileRegex', () => {
    const { modes, errors } = parseRooModesFile('.roomodes', yaml);
    assert.deepEqual(errors, []);
    assert.equal(modes.length, 2);
    const [docs, tests] = modes;
    assert.equal(docs!.id, 'docs-writer');
    assert.equal(docs!.name, '📝 Documentation Writer');
    assert.equal(docs!.description, 'Writes and edits the documentation');
    assert.equal(docs!.instructions, 'You are a technical writer specializing in clear documentation.\n\nFocus on clarity and completeness.');
    assert.deepEqual(docs!.tools, ['read_file', 'list_files', 'search_code', 'get_diagnostics', 'write_file', 'edit_file', 'browser']);
    assert.deepEqual(docs!.editRestriction, { fileRegex: '\\.(md|mdx)$', description: 'Markdown files only' });
    assert.equal(docs!.unavailableTools, undefined, 'every group has a PTK equivalent');
    assert.deepEqual(tests!.tools, ['read_file', 'list_files', 'search_code', 'get_diagnostics', 'run_command', 'run_tests']);
    assert.equal(tests!.editRestriction, undefined);
  });

  it('reads JSON, whenToUse standing in for a missing description', () => {
    const json = JSON.stringify({ customModes: [{ slug: 'reviewer', name: 'Reviewer', roleDefinition: 'You review code.', whenToUse: 'Reviews', groups: ['read', ['edit', { fileRegex: '\\.md$' }]] }] }, null, 2);
    const { modes, errors } = parseRooModesFile('.roomodes', json);
    assert.deepEqual(errors, []);
    assert.equal(modes[0]!.description, 'Reviews');
    assert.deepEqual(modes[0]!.editRestriction, { fileRegex: '\\.md$' });
  });

  it('bad JSON and bad YAML are one error naming the file', () => {
    const bad = parseRooModesFile('.roomodes', '{ "customModes": [ }');
    assert.equal(bad.modes.length, 0);
    assert.match(bad.errors[0]!.message, /^\.roomodes: the file is not valid JSON/);
    const badYaml = parseRooModesFile('.roomodes', 'customModes:\n  - slug: a\n   name: [x');
    assert.match(badYaml.errors[0]!.message, /^\.roomodes: the file is not valid YAML/);
    assert.match(parseRooModesFile('.roomodes', 'modes: []').errors[0]!.message, /must hold a "customModes" list/);
  });

  it('an entry missing a required field, with an unknown group or a bad regex is an error; the other entries load', () => {
    const text = [
      'customModes:',
      '  - slug: no-role',
      '    name: No role',
      '    groups: [read]',
      '  - slug: typo',
      '    name: Typo',
      '    roleDefinition: x',
      '    groups: [read, comand]',
      '  - slug: bad-regex',
      '    name: Bad regex',
      '    roleDefinition: x',
      '    groups: [[edit, {fileRegex: "(unclosed"}]]',
      '  - slug: fine',
      '    name: Fine',
      '    roleDefinition: x',
      '    groups: []',
    ].join('\n');
    const { modes, errors } = parseRooModesFile('.roomodes', text);
    assert.deepEqual(modes.map((mode) => mode.id), ['fine']);
    assert.deepEqual(modes[0]!.tools, []);
    assert.equal(errors.length, 3);
    assert.match(errors[0]!.message, /^\.roomodes, mode "no-role": "roleDefinition" is required/);
    assert.match(errors[1]!.message, /^\.roomodes, mode "typo": unknown group "comand"\. Known groups: .*command/);
    assert.match(errors[2]!.message, /^\.roomodes, mode "bad-regex": the fileRegex of group "edit" is not a valid regular expression/);
  });
});

describe('.ptk/modes/*.md', () => {
  it('reads name, description, PTK tool names and the instructions', () => {
    const mode = parsePtkModeFile('.ptk/modes/Reviewer.md', '---\nname: Reviewer\ndescription: Reviews changes\ntools: [read_file, search_code, get_diagnostics]\n---\nReview the changes.\n');
    assert.deepEqual(
      { id: mode.id, name: mode.name, description: mode.description, tools: mode.tools, instructions: mode.instructions },
      { id: 'reviewer', name: 'Reviewer', description: 'Reviews changes', tools: ['read_file', 'search_code', 'get_diagnostics'], instructions: 'Review the changes.' },
    );
  });

  it('another assistant\'s tool name, an empty body or an unclosed header is an error naming the file', () => {
    assertConfigError(() => parsePtkModeFile('.ptk/modes/r.md', '---\ntools: [codebase]\n---\nx'), /^\.ptk\/modes\/r\.md, mode "r": unknown tool "codebase"\. Known tools: read_file, list_files/);
    assertConfigError(() => parsePtkModeFile('.ptk/modes/e.md', '---\nname: Empty\n---\n\n'), /^\.ptk\/modes\/e\.md, mode "Empty": the mode has no instructions/);
    assertConfigError(() => parsePtkModeFile('.ptk/modes/u.md', '---\nname: U\n'), /^\.ptk\/modes\/u\.md: .*not closed/);
  });
});
