/** Before the browser backend runs, a site whose usage limit outlived a window reload reads as limited, not ready. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedSiteLines } from '../../../src/ui/listedSiteLines';
import { defaultSite } from '../../../src/ui/conversationSite';

describe('listedSiteLines', () => {
  const NOW = new Date(2026, 10, 27, 10, 0).getTime();
  const sites = [
    { site: 'chatgpt', label: 'ChatGPT (demo)' },
    { site: 'claude', label: 'Claude (demo)' },
  ];

  it('shows a remembered limit that has not ended as limited, with what the site said; a new conversation starts on the next site', () => {
    const until = new Date(2026, 10, 27, 15, 15).getTime();
    const lines = listedSiteLines(sites, [{ site: 'chatgpt', until, detail: 'You have reached our limit.' }], NOW);
    assert.deepEqual(lines, [
      { site: 'chatgpt', label: 'ChatGPT (demo)', state: 'limited until 15:15', ready: false, status: 'limited', detail: 'You have reached our limit.' },
      { site: 'claude', label: 'Claude (demo)', state: 'not connected yet', ready: true },
    ]);
    assert.equal(defaultSite(lines), 'claude');
  });

  it('a limit that has ended, or none, leaves every site "not connected yet"', () => {
    const lines = listedSiteLines(sites, [{ site: 'chatgpt', until: NOW - 1 }], NOW);
    assert.deepEqual(lines.map((line) => [line.state, line.ready]), [['not connected yet', true], ['not connected yet', true]]);
  });
});
