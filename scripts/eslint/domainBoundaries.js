import path from 'node:path';

/**
 * `yadoban/domain-boundaries`: the console's domain folders (resources/<domain>/, issue 29) import
 * src/ (the shell, src/crud, src/components) but never src/pages/ (the pages of no entity), and
 * another domain only through what it shares: its index.ts (the registration) or its shared.ts.
 */
const shared = new Set(['', 'index', 'index.ts', 'index.tsx', 'shared', 'shared.ts', 'shared.tsx']);

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each console domain in its folder and src/pages out of resources/' },
    messages: {
      pages:
        'resources/ may not import src/pages/ ({{target}}): a piece several domains use belongs in src/components.',
      internals:
        'resources/{{from}} imports an internal file of resources/{{to}} ({{target}}): import what it shares from resources/{{to}}/shared.ts.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const own = /^resources\/([^/]+)\//.exec(file)?.[1];
    if (!own) return {};
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      if (target.startsWith('src/pages/') || target === 'src/pages') {
        context.report({ node, messageId: 'pages', data: { target } });
        return;
      }
      const other = /^resources\/([^/]+)(?:\/(.*))?$/.exec(target);
      if (other && other[1] !== own && !shared.has(other[2] ?? '')) {
        context.report({ node, messageId: 'internals', data: { from: own, to: other[1], target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'domain-boundaries': rule } };
