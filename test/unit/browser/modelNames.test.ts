import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evidenceNames, matchModelName, nameWords, namingStrength, type NamedChoice } from '../../../src/browser/modelNames';
import { requestParts } from '../../../src/browser/modelSelection';

/** ChatGPT's picker as TOK captured it (2026-07-17): efforts, then the models of the submenu. */
const chatgpt: NamedChoice[] = ['Instant', 'Medium', 'High', 'GPT-5.6 Sol', 'GPT-5.5', 'GPT-5.4', 'GPT-5.3', 'o3'].map((name) => ({ name }));
/** Gemini's modes with their data-mode-id. */
const gemini: NamedChoice[] = [
  { name: '3.1 Flash-Lite', aliases: ['flash-lite'] },
  { name: '3.5 Flash', aliases: ['flash'] },
  { name: '3.1 Pro', aliases: ['pro'] },
];
const claude: NamedChoice[] = ['Fable 5', 'Opus 4.8', 'Sonnet 5', 'Haiku 4.5'].map((name) => ({ name }));

function picked(requested: string, choices: readonly NamedChoice[]): string {
  const found = matchModelName(requested, choices);
  if (found.kind === 'match') return `${found.level}:${found.choice.name}`;
  if (found.kind === 'ambiguous') return `ambiguous:${found.choices.map((choice) => choice.name).join('|')}`;
  return 'none';
}

describe('nameWords', () => {
  it('keeps a version number with its dots as one word, lower-cased', () => {
    assert.deepEqual(nameWords('GPT-5.5'), ['gpt', '5.5']);
    assert.deepEqual(nameWords('3.1 Flash-Lite'), ['3.1', 'flash', 'lite']);
    assert.deepEqual(nameWords('gemini-3.1-pro-preview'), ['gemini', '3.1', 'pro', 'preview']);
    assert.deepEqual(nameWords('  '), []);
  });
});

describe('matchModelName', () => {
  it('takes an exact name first', () => {
    assert.equal(picked('GPT-5.5', chatgpt), 'exact:GPT-5.5');
    assert.equal(picked('  Sonnet   5 ', claude), 'exact:Sonnet 5');
  });

  it('then the same words, ignoring case and punctuation', () => {
    assert.equal(picked('gpt 5.5', chatgpt), 'sameWords:GPT-5.5');
    assert.equal(picked('HAIKU-4.5', claude), 'sameWords:Haiku 4.5');
  });

  it('then whole words, when only one choice has them', () => {
    assert.equal(picked('sonnet', claude), 'wholeWords:Sonnet 5');
    assert.equal(picked('sol', chatgpt), 'wholeWords:GPT-5.6 Sol');
    assert.equal(picked('5.5', chatgpt), 'wholeWords:GPT-5.5');
  });

  it('refuses to guess between two choices at the deciding level', () => {
    assert.equal(picked('gpt', chatgpt), 'ambiguous:GPT-5.6 Sol|GPT-5.5|GPT-5.4|GPT-5.3');
    assert.equal(picked('5', claude), 'ambiguous:Fable 5|Sonnet 5');
    assert.equal(picked('lite', [{ name: 'Gemini 3.5 Flash Lite' }, { name: 'Gemini Flash-Lite Latest' }]), 'ambiguous:Gemini 3.5 Flash Lite|Gemini Flash-Lite Latest');
  });

  it('an exact alias beats whole-word matches of other choices', () => {
    // "flash" is a whole word of both Flash modes, but exactly the id of 3.5 Flash.
    assert.equal(picked('flash', gemini), 'exact:3.5 Flash');
    assert.equal(picked('Flash', gemini), 'sameWords:3.5 Flash');
    assert.equal(picked('pro', gemini), 'exact:3.1 Pro');
  });

  it('never matches part of a word or part of a version', () => {
    assert.equal(picked('GPT-5', chatgpt), 'none');
    assert.equal(picked('Son', claude), 'none');
    assert.equal(picked('4', claude), 'none');
    assert.equal(picked('', claude), 'none');
    assert.equal(picked('GPT-4o', chatgpt), 'none');
  });
});

describe('evidenceNames', () => {
  it("an evidence text that contains the option's words names it (Claude's label)", () => {
    assert.equal(evidenceNames(['Model: Sonnet 5 Medium'], claude, claude[2]!), true);
    assert.equal(evidenceNames(['Model: Sonnet 5 Medium'], claude, claude[3]!), false);
  });

  it("a short label that ends the option's words names it (Gemini's trigger)", () => {
    assert.equal(evidenceNames(['Pro'], gemini, gemini[2]!), true);
    assert.equal(evidenceNames(['Flash'], gemini, gemini[1]!), true, '"Flash" ends "3.5 Flash"');
    assert.equal(evidenceNames(['Flash'], gemini, gemini[0]!), false, '"Flash" does not end "3.1 Flash-Lite"');
    assert.equal(evidenceNames(['Open mode picker, currently Flash-Lite', 'Flash-Lite'], gemini, gemini[0]!), true);
  });

  it('each evidence text is judged on its own (one shows the model, another the effort)', () => {
    const evidence = ['Model selector, current model is GPT-5.5', 'ChatGPT', 'High'];
    assert.equal(evidenceNames(evidence, chatgpt, chatgpt[4]!), true);
    assert.equal(evidenceNames(evidence, chatgpt, chatgpt[2]!), true);
    assert.equal(evidenceNames(evidence, chatgpt, chatgpt[1]!), false);
  });

  it('a text that names another choice more strongly does not count', () => {
    const choices: NamedChoice[] = [{ name: 'Flash' }, { name: 'Flash Lite' }];
    assert.equal(namingStrength('Flash Lite', choices[0]!), 1);
    assert.equal(namingStrength('Flash Lite', choices[1]!), 2);
    assert.equal(evidenceNames(['Flash Lite'], choices, choices[0]!), false);
    assert.equal(evidenceNames(['Flash Lite'], choices, choices[1]!), true);
  });

  it('no evidence names nothing', () => {
    assert.equal(evidenceNames([], claude, claude[0]!), false);
    assert.equal(evidenceNames([''], claude, claude[0]!), false);
  });
});

describe('requestParts', () => {
  it('splits a request on "+" into a model and its switches', () => {
    assert.deepEqual(requestParts('Expert + DeepThink'), ['Expert', 'DeepThink']);
    assert.deepEqual(requestParts(' GPT-5.5 '), ['GPT-5.5']);
    assert.deepEqual(requestParts(' + '), []);
  });
});
