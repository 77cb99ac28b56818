/**
 * How PTK: Diagnose Site redacts what it saves: by allow-list. An attribute keeps its value only
 * where an adapter's selector could need it: the structural names (`id`, `class`, `role`,
 * `data-testid`…) and short state tokens (`aria-expanded="true"`) keep theirs; every other value
 * keeps only the parts an adapter's attribute selector names (`[aria-label="Copy response"]`,
 * `[aria-label^="Open mode picker"]`, `[aria-label*="prompt" i]`) and has every other letter
 * and digit replaced by "x". A URL keeps its scheme, a known host and the path segments that are
 * fixed route words; every other segment becomes ":id", the query and the hash go. The allow-list
 * itself is derived from the adapters (diagnose/snapshotAllowList.ts).
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), and called in Node for the page's own URL; self-contained, no imports at
 * run time.
 */

/** What the adapters' selectors name, so the snapshot keeps it. */
export interface SnapshotAllowList {
  /** Attribute values an attribute selector names (`[name op "value" i]`); the name is lower case. */
  namedValues: Array<{ attribute: string; operator: '=' | '^=' | '$=' | '*=' | '~=' | '|='; value: string; ignoreCase: boolean }>;
  /** Hosts a URL keeps (and their subdomains); any other host becomes `redacted.invalid`. */
  hosts: string[];
  /** Path segments a URL keeps as they are (`c`, `chat`, `app`, `new_chat`…). */
  routeWords: string[];
}

/** The redaction: of a text, of a URL, and of an attribute's value (null: drop the attribute). */
interface SnapshotRedaction {
  text(text: string): string;
  url(value: string): string;
  attribute(name: string, value: string): string | null;
}

/** Builds the redaction for `allow`. */
export function createSnapshotRedaction(allow: SnapshotAllowList): SnapshotRedaction {
  /** Kept as they are (UUIDs, long hex and e-mail addresses in them replaced): what a selector matches an element by. */
  const STRUCTURAL = new Set(['id', 'class', 'role', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy', 'for', 'slot', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant']);
  /** Kept when the value is a short token (a state, a kind): a name or a sentence is not. */
  const TOKENS = new Set([
    'type', 'name', 'contenteditable', 'tabindex', 'dir', 'lang', 'hidden', 'disabled', 'inert', 'draggable', 'spellcheck', 'translate', 'charset',
    'autocomplete', 'inputmode', 'enterkeyhint', 'multiple', 'readonly', 'required', 'open', 'checked', 'selected', 'data-state', 'fonticon', 'iconname',
    'aria-busy', 'aria-hidden', 'aria-expanded', 'aria-selected', 'aria-checked', 'aria-pressed', 'aria-disabled', 'aria-haspopup', 'aria-live', 'aria-modal',
    'aria-level', 'aria-orientation', 'aria-multiline', 'aria-readonly', 'aria-required', 'aria-current', 'aria-atomic', 'aria-invalid', 'aria-autocomplete', 'aria-relevant',
  ]);
  /** Attributes holding a URL. */
  const URLS = new Set(['href', 'src', 'action', 'formaction', 'poster', 'data', 'xlink:href', 'cite', 'background', 'longdesc', 'ping', 'manifest', 'codebase', 'itemid', 'archive']);
  /** Dropped: form values, inline documents, script handlers and hashes. */
  const DROPPED = (name: string) => name === 'value' || name === 'srcdoc' || name === 'nonce' || name === 'integrity' || name.startsWith('on');
  const routeWords = new Set(allow.routeWords);
  const hosts = allow.hosts.map((host) => host.toLowerCase());

  const text = (value: string): string => value.replace(/[\p{L}\p{N}]/gu, 'x');
  const scrub = (value: string): string =>
    value
      .replace(/[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g, 'x@x.x')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')
      .replace(/[0-9a-f]{16,}/gi, ':id');
  const knownHost = (host: string): boolean => {
    const bare = host.toLowerCase().replace(/:\d+$/, '');
    return hosts.some((known) => {
      const knownBare = known.replace(/:\d+$/, '');
      return host.toLowerCase() === known || bare === knownBare || bare.endsWith(`.${knownBare}`);
    });
  };
  const url = (value: string): string => {
    const trimmed = value.trim();
    if (trimmed === '') return trimmed;
    // A fragment of this page (an SVG sprite's `#icon-copy`): an id, kept like ids are.
    if (/^#[\w:.-]{1,64}$/.test(trimmed)) return scrub(trimmed);
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
    if (scheme && scheme !== 'http' && scheme !== 'https') return `${scheme}:…`;
    const withoutQuery = trimmed.split(/[?#]/)[0] ?? '';
    const origin = /^(?:(https?:)?\/\/([^/]*))/i.exec(withoutQuery);
    const host = origin ? (knownHost(origin[2] ?? '') ? origin[2] : 'redacted.invalid') : undefined;
    const path = origin ? withoutQuery.slice(origin[0].length) : withoutQuery;
    const segments = path.split('/').map((segment) => (segment === '' || segment === '.' || segment === '..' || routeWords.has(segment) ? segment : ':id'));
    return `${origin ? `${origin[1] ?? ''}//${host}` : ''}${segments.join('/')}`;
  };
  /** The value with every letter and digit replaced, but for the parts a selector of `name` names. */
  const named = (name: string, value: string): string => {
    const keep = new Array<boolean>(value.length).fill(false);
    const mark = (from: number, length: number) => {
      for (let index = from; index < from + length; index++) keep[index] = true;
    };
    for (const entry of allow.namedValues) {
      if (entry.attribute !== name || entry.value === '') continue;
      const haystack = entry.ignoreCase ? value.toLowerCase() : value;
      const needle = entry.ignoreCase ? entry.value.toLowerCase() : entry.value;
      if (entry.operator === '=' && haystack === needle) mark(0, value.length);
      else if ((entry.operator === '^=' && haystack.startsWith(needle)) || (entry.operator === '|=' && (haystack === needle || haystack.startsWith(`${needle}-`)))) mark(0, needle.length);
      else if (entry.operator === '$=' && haystack.endsWith(needle)) mark(value.length - needle.length, needle.length);
      else if (entry.operator === '*=') for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) mark(at, needle.length);
      else if (entry.operator === '~=') for (const word of haystack.matchAll(/\S+/g)) if (word[0] === needle) mark(word.index ?? 0, needle.length);
    }
    return Array.from(value, (char, index) => (keep[index] ? char : text(char))).join('');
  };
  const attribute = (rawName: string, value: string): string | null => {
    const name = rawName.toLowerCase();
    if (DROPPED(name)) return null;
    if (STRUCTURAL.has(name)) return scrub(value);
    if (TOKENS.has(name) && /^[\w.:-]{0,32}$/.test(value)) return value;
    if (URLS.has(name)) return url(value);
    if (name === 'srcset' || name === 'imagesrcset') return '…';
    // Inline styles stay (they decide what is visible); their URLs and strings do not.
    if (name === 'style') return scrub(value.replace(/url\([^)]*\)/gi, 'url(…)').replace(/"[^"]*"|'[^']*'/g, '"…"'));
    // SVG path data: geometry, cut short.
    if (name === 'd' && /^[MmLlHhVvCcSsQqTtAaZz\d\s.,eE+-]*$/.test(value)) return value.length > 24 ? `${value.slice(0, 24)}…` : value;
    if (/^(?:width|height|viewbox|x|y|cx|cy|r|rx|ry|x1|x2|y1|y2|points|stroke-width)$/.test(name) && /^[-\d\s.,%]*(?:px|em|rem|%)?$/.test(value)) return value;
    return named(name, value);
  };
  return { text, url, attribute };
}
