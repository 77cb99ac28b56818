import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKError, PTKErrorCode } from '../../../src/core/errors';
import { applySiteOverride, parseSiteOverrides } from '../../../src/browser/adapters/overrides';
import { builtInAdapters, resolveAdapter } from '../../../src/browser/adapters/registry';

const sites = builtInAdapters.map((adapter) => adapter.id);

function configError(input: unknown): string {
  try {
    parseSiteOverrides(input, sites);
  } catch (error) {
    assert.ok(error instanceof PTKError);
    assert.equal(error.code, PTKErrorCode.CONFIG_INVALID);
    return error.message;
  }
  assert.fail('expected CONFIG_INVALID');
}

describe('site overrides (ptk.siteOverrides)', () => {
  it('replaces a list given as an array or a string, and prepends / appends with the object forms', () => {
    const base = resolveAdapter('claude');
    const overrides = parseSiteOverrides(
      {
        claude: {
          selectors: { composer: ['div#composer-v2'], sendButton: 'button.send-v2', copyButton: { prepend: ['button.copy-v2'] }, loginWall: { append: ['#login-v2'] } },
          noticePatterns: { prepend: ['smaller model'] },
          signInHosts: ['login.example.test'],
          timings: { quietMs: 250 },
        },
      },
      sites,
    );
    const repaired = applySiteOverride(base, overrides.claude);
    assert.deepEqual(repaired.selectors.composer, ['div#composer-v2']);
    assert.deepEqual(repaired.selectors.sendButton, ['button.send-v2']);
    assert.deepEqual(repaired.selectors.copyButton, ['button.copy-v2', ...base.selectors.copyButton]);
    assert.deepEqual(repaired.selectors.loginWall, [...base.selectors.loginWall, '#login-v2']);
    assert.deepEqual(repaired.noticePatterns, ['smaller model', ...(base.noticePatterns ?? [])]);
    assert.deepEqual(repaired.signInHosts, ['login.example.test']);
    assert.equal(repaired.timings?.quietMs, 250);
    // Lists the override does not name stay as they were, and the built-in adapter is untouched.
    assert.deepEqual(repaired.selectors.userTurn, base.selectors.userTurn);
    assert.notDeepEqual(resolveAdapter('claude').selectors.composer, ['div#composer-v2']);
  });

  it('is applied by resolveAdapter for the chosen site only, together with siteUrl', () => {
    const adapter = resolveAdapter('gemini', { siteUrl: 'http://127.0.0.1:9/app', siteOverrides: { gemini: { selectors: { composer: { prepend: ['#g'] } } }, chatgpt: { selectors: { composer: ['#c'] } } } });
    assert.equal(adapter.selectors.composer[0], '#g');
    assert.equal(adapter.url, 'http://127.0.0.1:9/app');
    assert.equal(resolveAdapter('chatgpt', { siteOverrides: { gemini: { selectors: { composer: ['#g'] } } } }).selectors.composer[0], resolveAdapter('chatgpt').selectors.composer[0]);
  });

  it("opens a site at its override's url (another site of ptk.sites on a self-hosted copy or a replica); ptk.siteUrl wins", () => {
    const overrides = { claude: { url: 'http://127.0.0.1:4100/' } };
    const claude = resolveAdapter('claude', { siteOverrides: overrides });
    assert.equal(claude.url, 'http://127.0.0.1:4100/');
    assert.ok(claude.hosts?.includes('127.0.0.1:4100'), 'the address counts as the site');
    assert.equal(resolveAdapter('claude', { siteOverrides: overrides, siteUrl: 'http://127.0.0.1:4200/' }).url, 'http://127.0.0.1:4200/');
    assert.equal(resolveAdapter('chatgpt', { siteOverrides: overrides }).url, builtInAdapters.find((adapter) => adapter.id === 'chatgpt')!.url);
    assert.throws(() => parseSiteOverrides({ claude: { url: 'file:///etc/passwd' } }, ['claude']), /ptk\.siteOverrides\.claude\.url: must be an http\(s\) URL/);
  });

  it('names the field at fault', () => {
    assert.match(configError({ chatgpt: { selectors: { composr: ['x'] } } }), /ptk\.siteOverrides\.chatgpt\.selectors.*composr/);
    assert.match(configError({ chatgpt: { selectors: { composer: { prepand: ['x'] } } } }), /ptk\.siteOverrides\.chatgpt\.selectors\.composer: .*prepand/);
    assert.match(configError({ chatgpt: { selectors: { composer: [''] } } }), /ptk\.siteOverrides\.chatgpt\.selectors\.composer\.replace\.0: must not be empty/);
    assert.match(configError({ deepseek: { errorPatterns: [{ code: 'RATE_LIMITED', pattern: '(' }] } }), /ptk\.siteOverrides\.deepseek\.errorPatterns\.replace\.0\.pattern: is not a valid regular expression/);
    assert.match(configError({ deepseek: { errorPatterns: [{ code: 'TOOL_NOT_FOUND', pattern: 'x' }] } }), /errorPatterns\.replace\.0\.code/);
    assert.match(configError({ chatgtp: {} }), /ptk\.siteOverrides\.chatgtp: unknown site/);
    assert.match(configError({ claude: { maxPromptChars: -1 } }), /ptk\.siteOverrides\.claude\.maxPromptChars/);
  });

  it('accepts no setting at all', () => {
    assert.deepEqual(parseSiteOverrides(undefined, sites), {});
    assert.deepEqual(parseSiteOverrides(null, sites), {});
    assert.deepEqual(parseSiteOverrides({}, sites), {});
  });
});
