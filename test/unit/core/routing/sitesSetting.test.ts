import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSitesSetting } from '../../../../src/core/routing/sitesSetting';

const KNOWN = ['chatgpt', 'claude', 'gemini', 'aistudio', 'deepseek'];

describe('parseSitesSetting (ptk.sites)', () => {
  it('keeps the known sites in the order given', () => {
    assert.deepEqual(parseSitesSetting(['claude', 'chatgpt', 'deepseek'], KNOWN), { sites: ['claude', 'chatgpt', 'deepseek'], problems: [] });
  });

  it('matches ids without regard to case or surrounding spaces', () => {
    assert.deepEqual(parseSitesSetting([' ChatGPT', 'CLAUDE '], KNOWN).sites, ['chatgpt', 'claude']);
  });

  it('skips an unknown site with a message naming it and the known ones; nothing takes its place', () => {
    const { sites, problems } = parseSitesSetting(['chatgtp', 'claude'], KNOWN);
    assert.deepEqual(sites, ['claude']);
    assert.deepEqual(problems, ['ptk.sites: "chatgtp" is not a known site; skipped. Known sites: chatgpt, claude, gemini, aistudio, deepseek.']);
  });

  it('skips a repeated site, keeping its first place', () => {
    const { sites, problems } = parseSitesSetting(['claude', 'gemini', 'Claude'], KNOWN);
    assert.deepEqual(sites, ['claude', 'gemini']);
    assert.deepEqual(problems, ['ptk.sites: "Claude" is listed more than once; only its first place counts.']);
  });

  it('an empty list, a list of unknown sites and a value that is no list each say so and give no site', () => {
    assert.deepEqual(parseSitesSetting([], KNOWN), { sites: [], problems: ['ptk.sites lists no site. Known sites: chatgpt, claude, gemini, aistudio, deepseek.'] });
    const unknown = parseSitesSetting(['bard'], KNOWN);
    assert.deepEqual(unknown.sites, []);
    assert.equal(unknown.problems.length, 2);
    assert.match(unknown.problems[1], /names no known site/);
    const notAList = parseSitesSetting('chatgpt', KNOWN);
    assert.deepEqual(notAList.sites, []);
    assert.match(notAList.problems[0], /must be a list of site ids, not "chatgpt"/);
    assert.match(parseSitesSetting([42], KNOWN).problems[0], /42 is not a site id; skipped/);
  });
});
