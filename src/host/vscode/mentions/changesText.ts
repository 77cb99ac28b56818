/**
 * The text `@changes` attaches: a folder's unstaged and staged `git diff`, split into per-file
 * sections so the files the deny list protects (`.env`, keys, …) are left out, as the tools
 * would refuse to read them, with a line saying which were left out.
 *
 * A section is left out when ANY path it names is protected: both sides of a rename or a copy
 * (`git mv .env env.sample` shows the old secret as `-` lines under `b/env.sample`), the old
 * side of a deletion, quoted paths (`"a/\303\251.env"`), and diffs printed without the `a/` `b/`
 * prefixes (`diff.noprefix`) or with other ones (`diff.mnemonicPrefix`).
 */
import type { FolderDiff } from './gitCommandDiff';

/** One file's part of a diff. */
interface DiffSection {
  /** The path after the change, or before it for a deletion. */
  path: string;
  /** The path before the change when it differs (a rename or a copy). */
  from?: string;
  /** Every reading of every path the section's header lines name: what the deny list is asked about. */
  candidates: string[];
  text: string;
}

/** The first line of a file's section: `diff --git`, or the combined diff of a merge (`diff --cc`, `diff --combined`). */
const SECTION_START = /^diff (?:--git|--cc|--combined) /;
/** Extended header lines naming a path (git-diff(1), "Generating patch text with -p"). */
const PATH_LINE = /^(rename from|rename to|copy from|copy to|---|\+\+\+) (.+)$/;

/** A C-style quoted path as git prints it (core.quotePath): escapes, octal bytes, UTF-8. */
function unquote(quoted: string): string {
  const bytes: number[] = [];
  const named: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };
  for (let index = 1; index < quoted.length - 1; index++) {
    const char = quoted[index]!;
    if (char !== '\\') {
      bytes.push(...new TextEncoder().encode(char));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(quoted.slice(index + 1));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      index += 3;
    } else {
      const next = quoted[index + 1] ?? '';
      bytes.push(named[next] ?? next.charCodeAt(0));
      index += 1;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** A path as a header line prints it: unquoted, a trailing tab (git's mark after a path with spaces) dropped. */
function pathOf(text: string): string {
  const trimmed = text.replace(/\t$/, '');
  return trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2 ? unquote(trimmed) : trimmed;
}

/** The path and the path without its one-letter prefix (`a/`, `b/`, `i/`, `w/`…), when it has one. */
function readings(path: string): string[] {
  const stripped = /^[a-z]\/(.+)$/.exec(path)?.[1];
  return stripped ? [path, stripped] : [path];
}

/**
 * Every way to read the paths of a `diff --git` header. Quoted paths are unambiguous; unquoted
 * ones may hold spaces, so every split at a space is a reading (the extended lines below name
 * the paths exactly; this only has to miss nothing).
 */
function headerReadings(header: string): string[] {
  const rest = header.replace(SECTION_START, '');
  if (!header.startsWith('diff --git ')) return readings(pathOf(rest));
  const quotedPair = /^("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|\S+)$/.exec(rest);
  const found = new Set<string>();
  if (quotedPair) for (const side of [quotedPair[1]!, quotedPair[2]!]) for (const reading of readings(pathOf(side))) found.add(reading);
  for (let index = rest.indexOf(' '); index !== -1; index = rest.indexOf(' ', index + 1)) {
    for (const side of [rest.slice(0, index), rest.slice(index + 1)]) for (const reading of readings(pathOf(side))) found.add(reading);
  }
  return [...found];
}

/** Finishes a section: its paths from the extended header lines (before the first hunk), else from the `diff` line. */
function sectionOf(lines: string[]): DiffSection {
  const header = lines[0]!;
  const candidates = new Set(headerReadings(header));
  const named: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    if (line.startsWith('@@') || line.startsWith('Binary files ') || line.startsWith('GIT binary patch')) break;
    const match = PATH_LINE.exec(line);
    if (!match) continue;
    const path = pathOf(match[2]!);
    if (path === '/dev/null') continue;
    const isPrefixed = match[1] === '---' || match[1] === '+++';
    named[match[1]!] ??= isPrefixed ? (readings(path)[1] ?? path) : path;
    for (const reading of isPrefixed ? readings(path) : [path]) candidates.add(reading);
  }
  const lazy = /^diff --git (?:"?[a-z]\/(.+?)"?) (?:"?[a-z]\/(.+?)"?)$/.exec(header);
  const after = named['rename to'] ?? named['copy to'] ?? named['+++'] ?? named['---'] ?? lazy?.[2] ?? header.replace(SECTION_START, '');
  const before = named['rename from'] ?? named['copy from'];
  return { path: after, ...(before && before !== after ? { from: before } : {}), candidates: [...candidates], text: lines.join('\n') };
}

/** The sections of `diff`, in order; text before the first section header is dropped. */
export function splitDiffSections(diff: string): DiffSection[] {
  const groups: string[][] = [];
  for (const line of diff.split('\n')) {
    if (SECTION_START.test(line)) groups.push([line]);
    else groups[groups.length - 1]?.push(line);
  }
  return groups.map(sectionOf);
}

/** The diff without the sections that name a file `isProtected` names, and those sections' paths. */
function withoutProtectedFiles(diff: string, isProtected: (path: string) => boolean): { diff: string; leftOut: string[] } {
  const kept: string[] = [];
  const leftOut: string[] = [];
  for (const section of splitDiffSections(diff)) {
    if (section.candidates.some(isProtected)) leftOut.push(section.from ? `${section.from} → ${section.path}` : section.path);
    else kept.push(section.text.replace(/\n+$/, ''));
  }
  return { diff: kept.join('\n'), leftOut };
}

/** The changes of one repository as the model reads them ('' when there are none). */
export function changesText(diff: FolderDiff, isProtected: (path: string) => boolean): string {
  const parts: string[] = [];
  const leftOut: string[] = [];
  for (const [title, text] of [['Unstaged changes (git diff):', diff.unstaged], ['Staged changes (git diff --cached):', diff.staged]] as const) {
    const filtered = withoutProtectedFiles(text, isProtected);
    leftOut.push(...filtered.leftOut);
    if (filtered.diff.trim() !== '') parts.push(`${title}\n${filtered.diff}`);
  }
  if (leftOut.length > 0) parts.push(`(Changes to protected files left out (deny list): ${[...new Set(leftOut)].join(', ')})`);
  return parts.join('\n\n');
}
