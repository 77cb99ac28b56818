/**
 * How code reaches the chat page: page pieces are plain functions, each self-contained (no
 * imports at run time, nothing from outside the function), serialised with
 * Function.prototype.toString. An entry function receives the pieces it assembles as one
 * object argument, so every dependency is passed in by name and nothing leaks into the page's
 * globals. The page runtime (pageRuntime.ts) and PTK: Diagnose Site are built this way.
 *
 * Each piece goes in as a function expression, so a bundler renaming a declaration does not
 * matter, and a piece that calls itself by name still finds itself.
 */

/** A function that may run in the page (whatever its parameters). */
type PagePiece = (...parameters: never[]) => unknown;

/** tsx / esbuild's keepNames may wrap serialised functions with `__name`: a shim that returns them as they are. */
const NAME_SHIM = 'var __name = function (target) { return target; };';

/** Source of an object literal holding each piece by its name. */
function piecesSource(pieces: Record<string, PagePiece>): string {
  return `{ ${Object.entries(pieces)
    .map(([name, piece]) => `${JSON.stringify(name)}: (${piece.toString()})`)
    .join(',\n')} }`;
}

/**
 * An expression that calls `entry` in the page and gives its result: `argumentValues` go in as
 * JSON, then `pieces` (when given) as one more argument.
 */
export function pageCall(entry: PagePiece, argumentValues: readonly unknown[] = [], pieces?: Record<string, PagePiece>): string {
  const values = argumentValues.map((value) => JSON.stringify(value) ?? 'undefined');
  if (pieces) values.push(piecesSource(pieces));
  return `(() => { ${NAME_SHIM}\nreturn (${entry.toString()})(${values.join(', ')}); })()`;
}
