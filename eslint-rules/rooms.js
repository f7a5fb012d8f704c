// The project's rooms and what each may import, as an allow-list (the idea of VS Code's code-import-patterns, and
// of Signal Desktop classifying every dependency by the runtime it needs). Every file belongs to exactly one room,
// the first whose `files` match it; a file no room covers is itself an error, so a new folder cannot slip past
// the rules by being unknown. Each import (static, re-export, dynamic, and type-only: a type import still couples
// the rooms) is judged by its kind:
// - a relative import is resolved against the importing file and must match one of the room's `paths`;
// - anything else is a package (Node built-ins normalised to `node:<name>`) and must match one of its `packages`;
//   so a path-like bare specifier ('shared/catalog') is refused unless it really is an allowed package.
// A `:name` segment in `files` captures that folder's name, and `:name` in the allow-lists stands for it: one
// rule covers every renderer feature, whatever features the tree holds.
import { builtinModules } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';

const builtins = new Set(builtinModules);

/** @typedef {{ room: string; files: string[]; paths: string[]; packages: string[] }} Room */

/**
 * A glob as a regex: `**` any run of characters, `*` any within one segment, `:name` one captured segment.
 * A trailing `/**` also matches the folder itself (an import of its index).
 */
function compile(glob) {
  const names = [];
  let source = '';
  const parts = glob.split(/(\*\*|\*|:[a-z]+)/);
  for (const part of parts) {
    if (part === '**') source += '.*';
    else if (part === '*') source += '[^/]*';
    else if (/^:[a-z]+$/.test(part)) {
      names.push(part.slice(1));
      source += '([^/]+)';
    } else source += part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  source = source.replace(/\/\.\*$/, '(?:/.*)?');
  return { regex: new RegExp(`^${source}$`), names };
}

/** The captures of the first glob that matches, or null. */
function matchAny(globs, value) {
  for (const glob of globs) {
    const { regex, names } = compile(glob);
    const m = regex.exec(value);
    if (m) return Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
  }
  return null;
}

const fill = (globs, captures) => globs.map((g) => g.replace(/:([a-z]+)/g, (all, n) => captures[n] ?? all));

/** 'node:fs/promises' for 'fs/promises' or 'node:fs/promises'; anything else as written. */
function packageOf(specifier) {
  const bare = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
  return builtins.has(bare.split('/')[0]) || builtins.has(bare) ? `node:${bare}` : specifier;
}

/** @type {import('eslint').Rule.RuleModule} */
export const rooms = {
  meta: {
    type: 'problem',
    docs: { description: 'Each room imports only what its allow-list names (docs/architecture.md).' },
    schema: [
      {
        type: 'object',
        properties: {
          rooms: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                room: { type: 'string' },
                files: { type: 'array', items: { type: 'string' } },
                paths: { type: 'array', items: { type: 'string' } },
                packages: { type: 'array', items: { type: 'string' } },
              },
              required: ['room', 'files', 'paths', 'packages'],
              additionalProperties: false,
            },
          },
        },
        required: ['rooms'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    /** @type {Room[]} */
    const all = context.options[0].rooms;
    const file = resolve(root, context.filename);
    const rel = relative(root, file).split(sep).join('/');
    let room = null;
    let captures = {};
    for (const candidate of all) {
      const m = matchAny(candidate.files, rel);
      if (m) {
        room = candidate;
        captures = m;
        break;
      }
    }
    if (!room) {
      return {
        Program: (node) =>
          context.report({
            node,
            message: `'${rel}' is in no room: give it one in eslint.config.js (rooms) before it imports anything.`,
          }),
      };
    }
    const paths = fill(room.paths, captures);
    const packages = fill(room.packages, captures);

    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        const target = relative(root, resolve(dirname(file), source))
          .split(sep)
          .join('/');
        if (!matchAny(paths, target)) {
          context.report({ node, message: `The ${room.room} room may not import '${target}'.` });
        }
        return;
      }
      const name = packageOf(source);
      if (!matchAny(packages, name)) {
        context.report({
          node,
          message: `The ${room.room} room may not import '${source}' (its packages: ${packages.join(', ') || 'none'}).`,
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal'
          ? check(node.source, node.source.value)
          : context.report({ node, message: 'Import a literal path, so the rooms can be checked.' }),
      TSImportType: (node) => {
        const arg = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source;
        if (arg?.type === 'Literal') check(arg, arg.value);
      },
    };
  },
};

export default { rules: { rooms } };
