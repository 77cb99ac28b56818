/**
 * Keeping what site discovery learned in a host's store (src/ui/learnedSites.ts), on the backend's
 * own functions (src/browser/autoSite.ts): the stored records go to the backend once when it
 * loads (bad ones dropped from the store too), a turn that changed them writes them (one that
 * did not writes nothing), Forget drops an origin from both; which page the commands act on; the
 * document Export opens.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forgetLearnedSite, learnedCustomSite, learnedSiteFor, learnedSiteRecords, restoreLearnedSites } from '../../../src/browser/autoSite';
import { LearnedSites, learnedSiteChoices, learnedSiteDocument, type LearnedSitesBackend } from '../../../src/ui/learnedSites';

const backend: LearnedSitesBackend = { records: learnedSiteRecords, restore: restoreLearnedSites, forget: forgetLearnedSite, customSite: learnedCustomSite };

/** A store in memory that counts its writes. */
function memoryStore(initial: unknown) {
  const store = { value: initial, writes: 0, read: () => store.value, write: (records: readonly unknown[]) => void ((store.value = JSON.parse(JSON.stringify(records))), store.writes++) };
  return store;
}

const ORIGIN = 'http://kept.test:7000';
const stored = { origin: ORIGIN, learned: { composer: { selector: 'textarea.field', kind: 'textarea' }, sendButton: null, sendKey: 'Control+Enter' } };

describe('LearnedSites: what site discovery learned, in the host store', () => {
  it('restores the store into the backend once, drops bad records from the store, writes a changed turn and only that', () => {
    const store = memoryStore([stored, { origin: 'http://bad.test', learned: { sendKey: 'Shift+Enter' } }]);
    const lines: string[] = [];
    const sites = new LearnedSites(store, (line) => lines.push(line));
    try {
      sites.attach(backend);
      assert.deepEqual(learnedSiteFor(`${ORIGIN}/`).sendKey, 'Control+Enter', 'restored into the backend');
      assert.deepEqual(store.value, [stored], 'the bad record is dropped from the store');
      assert.ok(lines.some((line) => /1 stored record .*dropped/.test(line)), lines.join('\n'));
      const writes = store.writes;
      sites.attach(backend);
      sites.keep(backend);
      assert.equal(store.writes, writes, 'a second attach and an unchanged turn write nothing');
      learnedSiteFor(`${ORIGIN}/`).sendButton = '#send';
      sites.keep(backend);
      assert.equal(store.writes, writes + 1);
      assert.equal((store.value as Array<typeof stored>)[0]!.learned.sendButton, '#send');
      assert.equal(sites.forget(backend, `${ORIGIN}/chat`), true);
      assert.deepEqual(store.value, [], 'forgotten in the store');
      assert.deepEqual(backend.records().filter((record) => record.origin === ORIGIN), [], 'and in the backend');
      assert.equal(sites.forget(backend, `${ORIGIN}/`), false, 'nothing left to forget');
    } finally {
      forgetLearnedSite(`${ORIGIN}/`);
    }
  });

  it('acts on ptk.siteUrl under site "auto" when its origin is learned, else offers every learned origin', () => {
    assert.deepEqual(learnedSiteChoices({ site: 'auto', siteUrl: 'http://a.test/chat' }, ['http://a.test', 'http://b.test']), { url: 'http://a.test/chat' });
    assert.deepEqual(learnedSiteChoices({ site: 'auto', siteUrl: 'http://c.test/chat' }, ['http://a.test', 'http://b.test']), { urls: ['http://a.test/', 'http://b.test/'] });
    assert.deepEqual(learnedSiteChoices({ site: 'chatgpt', siteUrl: 'http://a.test/chat' }, ['http://a.test']), { urls: ['http://a.test/'] });
    assert.deepEqual(learnedSiteChoices({ site: 'auto', siteUrl: '' }, []), { urls: [] });
  });

  it('the exported document says how to use it, then holds "ptk.customSite"', () => {
    const text = learnedSiteDocument({ name: 'x', sendKey: 'Control+Enter' });
    assert.match(text, /set "ptk\.site" to "custom"/);
    const json = text.split('\n').filter((line) => !line.startsWith('//')).join('\n');
    assert.deepEqual(JSON.parse(json), { 'ptk.customSite': { name: 'x', sendKey: 'Control+Enter' } });
  });
});
