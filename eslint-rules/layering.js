// The project's layering rule, kept local the way VS Code keeps its code-layering rule: which folder may import
// which is our architecture, not a library's. It resolves every relative import (static, re-export, dynamic,
// and type-only: a type import still couples the layers) against the importing file and refuses it when the
// target falls in a zone's forbidden folder. Bare specifiers ('electron', 'node:fs') are no-restricted-imports'.
import { dirname, relative, resolve, sep } from 'node:path';

/** @typedef {{ target: string; from: string; except?: string[]; message: string }} Zone */

const inside = (path, folder) => path === folder || path.startsWith(folder + sep);

/** @type {import('eslint').Rule.RuleModule} */
export const layering = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way between the project folders (see design.md).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    /** @type {Zone[]} */
    const zones = context.options[0].zones;
    const file = resolve(root, context.filename);
    const applicable = zones.filter((z) => inside(file, resolve(root, z.target)));
    if (applicable.length === 0) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = resolve(dirname(file), source);
      for (const zone of applicable) {
        const from = resolve(root, zone.from);
        if (!inside(imported, from)) continue;
        const exempt = (zone.except ?? []).some((e) => inside(imported, resolve(from, e)));
        if (exempt) continue;
        context.report({
          node,
          message: `Import of '${relative(root, imported)}' crosses a layer: ${zone.message}`,
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { layering } };
