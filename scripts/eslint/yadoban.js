import path from 'node:path';

/** The import's target, relative to the repository (null for a package). */
function targetOf(context, spec) {
  if (typeof spec !== 'string' || !spec.startsWith('.')) return null;
  return path
    .relative(context.cwd, path.resolve(path.dirname(context.filename), spec))
    .split(path.sep)
    .join('/');
}

/** Calls `check(node, spec)` for every static import, re-export and dynamic import of a file. */
function eachImport(check) {
  const of = (node) => node.source && check(node.source, node.source.value);
  return {
    ImportDeclaration: (node) => node.importKind !== 'type' && of(node),
    ExportNamedDeclaration: (node) => node.exportKind !== 'type' && of(node),
    ExportAllDeclaration: (node) => node.exportKind !== 'type' && of(node),
    ImportExpression: of,
  };
}

/**
 * `yadoban/domain-boundaries`: the console's domain folders (resources/<domain>/, issue 29) import
 * src/ (the shell, src/crud, src/components) but never src/pages/ (the pages of no entity), and
 * another domain only through what it shares: its index.ts (the registration) or its shared.ts.
 */
const shared = new Set(['', 'index', 'index.ts', 'index.tsx', 'shared', 'shared.ts', 'shared.tsx']);

const domainBoundaries = {
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
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const own = /^resources\/([^/]+)\//.exec(file)?.[1];
    if (!own) return {};
    return eachImport((node, spec) => {
      const target = targetOf(context, spec);
      if (target === null) return;
      if (target.startsWith('src/pages/') || target === 'src/pages') {
        context.report({ node, messageId: 'pages', data: { target } });
        return;
      }
      const other = /^resources\/([^/]+)(?:\/(.*))?$/.exec(target);
      if (other && other[1] !== own && !shared.has(other[2] ?? '')) {
        context.report({ node, messageId: 'internals', data: { from: own, to: other[1], target } });
      }
    });
  },
};

/**
 * `yadoban/server-layers`: the server's imports go one way (issue 29, docs/architecture.md):
 * routes call services, services call queries.
 * - server/db's queries and schema may not import services, routes or plugins;
 * - server/services may not import routes or plugins;
 * - server/routes may not import server/db/queries (a route calls a service).
 * Type-only imports are not counted: a type moves no rule.
 */
const layers = [
  { from: 'server/db/queries/', forbid: ['server/services/', 'server/routes/', 'server/plugins/'] },
  { from: 'server/db/schema/', forbid: ['server/services/', 'server/routes/', 'server/plugins/'] },
  { from: 'server/services/', forbid: ['server/routes/', 'server/plugins/'] },
  { from: 'server/routes/', forbid: ['server/db/queries/'] },
];

const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Routes call services, services call queries' },
    messages: {
      layer: '{{from}} may not import {{target}}: routes call services, services call queries (docs/architecture.md).',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const layer = layers.find((l) => file.startsWith(l.from));
    if (!layer) return {};
    return eachImport((node, spec) => {
      const target = targetOf(context, spec);
      if (target !== null && layer.forbid.some((f) => target.startsWith(f))) {
        context.report({ node, messageId: 'layer', data: { from: layer.from, target } });
      }
    });
  },
};

/** `yadoban/sql-in-db`: nothing outside server/db imports drizzle-orm: SQL belongs in server/db/queries. */
const sqlInDb = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL lives in server/db/queries' },
    messages: { sql: 'drizzle-orm outside server/db: the SQL of {{file}} belongs in server/db/queries.' },
    schema: [],
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith('server/') || file.startsWith('server/db/')) return {};
    return eachImport((node, spec) => {
      if (spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/'))
        context.report({ node, messageId: 'sql', data: { file } });
    });
  },
};

export default {
  rules: { 'domain-boundaries': domainBoundaries, 'server-layers': serverLayers, 'sql-in-db': sqlInDb },
};
