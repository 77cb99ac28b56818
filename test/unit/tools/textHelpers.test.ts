import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRipgrepLine, ripgrepArguments } from '../../../src/host/shared/ripgrepArguments';
import { shortenAround } from '../../../src/tools/searchCode';
import { decodeText, isBinary } from '../../../src/tools/text/binary';
import { parseToolSettings } from '../../../src/tools/settings';

describe('isBinary / decodeText', () => {
  it('detects NUL bytes and invalid UTF-8, accepts UTF-8 and UTF-16 with BOM', () => {
    assert.equal(isBinary(new TextEncoder().encode('héllo wörld ✓')), false);
    assert.equal(isBinary(new Uint8Array([0x68, 0x00, 0x69])), true);
    assert.equal(isBinary(new Uint8Array([0xc3, 0x28])), true);
    assert.equal(isBinary(new Uint8Array([0xff, 0xfe, 0x68, 0x00])), false);
    assert.equal(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00])), 'hi');
    assert.equal(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61])), 'a');
  });

  it('a multi-byte character cut at the 8 KB sample edge is still text', () => {
    const text = 'a'.repeat(7999) + 'é'.repeat(10);
    assert.equal(isBinary(new TextEncoder().encode(text)), false);
  });
});

describe('ripgrep arguments and output', () => {
  it('builds literal/regex, case and glob arguments', () => {
    const args = ripgrepArguments({ pattern: '-x', isRegex: false, caseSensitive: true, maxResults: 5, include: ['src/**'], exclude: ['**/*.d.ts'] }, ['**/node_modules']);
    assert.ok(args.includes('--fixed-strings'));
    assert.ok(args.includes('--case-sensitive'));
    assert.deepEqual(args.slice(-2), ['--regexp', '-x'], 'a pattern starting with - is passed with --regexp');
    assert.ok(args.includes('!**/node_modules') && args.includes('!**/node_modules/**') && args.includes('!**/*.d.ts'));
  });

  it('never lets rg follow a symlink: --no-follow, --no-config, no --follow, no path argument', () => {
    const args = ripgrepArguments({ pattern: 'x', isRegex: true, caseSensitive: false, maxResults: 5, respectExcludes: false }, []);
    assert.ok(args.includes('--no-follow') && args.includes('--no-config'));
    assert.ok(!args.includes('--follow') && !args.includes('-L') && !args.includes('--'));
    assert.deepEqual(args.slice(-2), ['--regexp', 'x'], 'the pattern is the last argument: rg searches its working directory');
  });

  it('parses path NUL line:column:text, including colons in the text', () => {
    assert.deepEqual(parseRipgrepLine('src/a.ts\u000012:5:  a: b'), { path: 'src/a.ts', line: 12, column: 5, text: '  a: b' });
    assert.equal(parseRipgrepLine('garbage'), undefined);
  });

  it('shortens a long line around the match', () => {
    const line = 'x'.repeat(500) + 'NEEDLE' + 'y'.repeat(500);
    const short = shortenAround(line, 501, 60);
    assert.ok(short.includes('NEEDLE'));
    assert.ok(short.length <= 62);
  });
});

describe('parseToolSettings', () => {
  it('fills defaults and names a bad field', () => {
    const settings = parseToolSettings({});
    assert.equal(settings.listMaxEntries, 200);
    assert.equal(settings.maxFileBytes, 10 * 1024 * 1024);
    assert.ok(settings.denyPaths.includes('**/.env'));
    assert.throws(() => parseToolSettings({ listMaxEntries: -1 } as never), /listMaxEntries/);
  });
});
