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

/** What is wrong with importing `specifier` from `file` under `layer`, or undefined. */
function violation(layer, file, specifier, root) {
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    if (!layer.mayImport) return undefined;
    const target = toPosix(relative(root, resolve(dirname(resolve(root, file)), specifier)));
    return layer.mayImport.some((entry) => covers(entry, `${target}/`) || covers(entry, target)) ? undefined : `it leads to ${target}`;
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

    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      for (const layer of applying) {
        const detail = violation(layer, file, source.value, root);
        if (detail) context.report({ node, messageId: 'forbidden', data: { file, layer: layer.name, specifier: source.value, detail, why: layer.why } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference') check(node, node.moduleReference.expression);
      },
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node, node.arguments[0]);
      },
    };
  },
};
