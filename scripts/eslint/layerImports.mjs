// ESLint rule `ptk/layer-imports`: every file of a layer imports only what the layer's arrows
// allow. The layers are listed in eslint.config.mjs; each one says which files it covers, where
// their relative imports may lead, and which packages they may (or may not) import. Every import
// form is checked: `import`, `export … from`, `import()`, `require()` and `import x = require()`.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * @typedef {object} Layer
 * @property {string} name           shown in the message
 * @property {string[]} files        path prefixes ("src/core/") or exact files, relative to the project root
 * @property {string[]} [except]     files under `files` the layer does not cover
 * @property {string[]} [mayImport]  where relative imports may resolve (path prefixes); any place when absent
 * @property {string[]} [typesOnly]  places under `mayImport` whose code is never loaded with the
 *                                   importer: reached by types (`import type`, `export type … from`)
 *                                   or by a dynamic `import()` on first use, never by a static import
 * @property {string[]} [packages]   the only packages allowed ("zod/mini" allows it and its subpaths); any when absent
 * @property {string[]} [forbidPackages] packages never allowed (with their subpaths)
 * @property {string} why            the reason, shown in the message
 */

const toPosix = (path) => path.split(sep).join('/');

/** True when `path` is `entry` or lies under it ("src/core/" is a folder; "src/ui/a.ts" a file). */
function covers(entry, path) {
  return entry.endsWith('/') ? path.startsWith(entry) : path === entry || path.startsWith(`${entry}/`);
}

/** True when the package specifier `specifier` is `name` or one of its subpaths. */
function isPackage(name, specifier) {
  return specifier === name || specifier.startsWith(`${name}/`);
}

/** True when the path `target` lies under one of `entries`. */
const leadsInto = (entries, target) => entries.some((entry) => covers(entry, `${target}/`) || covers(entry, target));

/**
 * What is wrong with importing `specifier` from `file` under `layer`, or undefined. `deferred`:
 * the import loads nothing with the file (types alone, or a dynamic import()).
 */
function violation(layer, file, specifier, root, deferred) {
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    const target = toPosix(relative(root, resolve(dirname(resolve(root, file)), specifier)));
    if (layer.mayImport && !leadsInto(layer.mayImport, target)) return `it leads to ${target}`;
    if (!deferred && layer.typesOnly && leadsInto(layer.typesOnly, target)) return `it loads ${target} with this file; only its types (import type) or a dynamic import() on first use may reach it`;
    return undefined;
  }
  if (layer.forbidPackages?.some((name) => isPackage(name, specifier))) return 'that package is forbidden here';
  if (layer.packages && !layer.packages.some((name) => isPackage(name, specifier))) return `only ${layer.packages.join(', ')} may be imported here`;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer of src/ imports only what its arrows allow.' },
    schema: [{ type: 'array', items: { type: 'object' } }],
    messages: {
      forbidden: "{{file}} is in the {{layer}} layer and may not import '{{specifier}}' ({{detail}}): {{why}}.",
      unlayered: '{{file}} lies in no layer of eslint.config.mjs: put it in a layer\'s folder, or add a layer for it.',
    },
  },
  create(context) {
    /** @type {Layer[]} */
    const layers = context.options[0] ?? [];
    const root = context.cwd;
    const file = toPosix(relative(root, context.filename));
    const applying = layers.filter((layer) => layer.files.some((entry) => covers(entry, file)) && !layer.except?.some((entry) => covers(entry, file)));
    if (applying.length === 0) {
      // Every file the rule is given belongs to a layer: a new folder must say what it may import.
      return { Program: (node) => context.report({ node, messageId: 'unlayered', data: { file } }) };
    }

    const check = (node, source, deferred = false) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      for (const layer of applying) {
        const detail = violation(layer, file, source.value, root, deferred);
        if (detail) context.report({ node, messageId: 'forbidden', data: { file, layer: layer.name, specifier: source.value, detail, why: layer.why } });
      }
    };
    return {
      // `import type { A }`, or `import { type A, type B }` (which TypeScript erases whole).
      ImportDeclaration: (node) =>
        check(node, node.source, node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'))),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportNamedDeclaration: (node) =>
        check(node, node.source, node.exportKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.exportKind === 'type'))),
      ImportExpression: (node) => check(node, node.source, true),
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference') check(node, node.moduleReference.expression);
      },
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node, node.arguments[0]);
      },
    };
  },
};
