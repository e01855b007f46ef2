import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { entities } from '../../contract/entities';
import { domains } from '../../src/domains';
import { pageRoutes, type PageName } from '../../src/routes';

describe('the console domains (src/crud/domain.ts)', () => {
  it('show every spec address once: a route of one domain, or a resource at its own name', () => {
    const shownBy = new Map<string, number>();
    for (const domain of domains)
      for (const name of Object.keys(domain.routes)) shownBy.set(name, (shownBy.get(name) ?? 0) + 1);
    const resourceNames = new Set(domains.flatMap((domain) => domain.resources.map((resource) => resource.name)));
    const unshown = (Object.keys(pageRoutes) as PageName[]).filter(
      (name) => !shownBy.has(name) && !resourceNames.has(pageRoutes[name].path),
    );
    expect(unshown).toEqual([]);
    expect([...shownBy].filter(([, count]) => count > 1)).toEqual([]);
    expect(resourceNames.size).toBe(domains.flatMap((domain) => domain.resources).length);
  });
});

const eslint = new ESLint();
/** The messages of the project's lint rules (eslint.config.js) on `code` as if it were `filePath`. */
const errorsOf = async (filePath: string, code: string, rule = 'yadoban/domain-boundaries') => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
};

describe('the lint rule yadoban/domain-boundaries', () => {
  it("fails a domain that imports src/pages or another domain's internals", async () => {
    expect(await errorsOf('resources/rooms/Bad.tsx', "export { HomePage } from '../../src/pages/HomePage';\n")).toEqual(
      [
        'resources/ may not import src/pages/ (src/pages/HomePage): a piece several domains use belongs in src/components.',
      ],
    );
    expect(
      await errorsOf('resources/rooms/Bad.tsx', "export { SyncItemsSection } from '../sync/items/SyncItemsSection';\n"),
    ).toEqual([
      'resources/rooms imports an internal file of resources/sync (resources/sync/items/SyncItemsSection): import what it shares from resources/sync/shared.ts.',
    ]);
    expect(
      await errorsOf('resources/mail/Bad.tsx', "export const load = () => import('../bookings/BookingPanel');\n"),
    ).toHaveLength(1);
  }, 30_000);

  it("passes a domain's own files, another's shared.ts and src's shared pieces", async () => {
    const code = [
      "export { SyncItemsSection } from '../sync/shared';",
      "export { mailDomain } from '../mail';",
      "export { RoomPlans } from './RoomPlans';",
      "export { AdminOnly } from '../../src/components/AdminOnly';",
      '',
    ].join('\n');
    expect(await errorsOf('resources/rooms/Good.tsx', code)).toEqual([]);
    expect(await errorsOf('resources/mail/templates/Good.tsx', "export { MailTabs } from '../MailTabs';\n")).toEqual(
      [],
    );
  }, 30_000);
});

describe('the lint rules yadoban/server-layers and yadoban/sql-in-db', () => {
  it('fail a service that imports a route, a query that imports a service, a route that reads queries', async () => {
    const layer = 'yadoban/server-layers';
    expect(await errorsOf('server/services/bad.ts', "export { crudRoutes } from '../routes/crud';\n", layer)).toEqual([
      'server/services/ may not import server/routes/crud: routes call services, services call queries (docs/architecture.md).',
    ]);
    expect(
      await errorsOf('server/db/queries/bad.ts', "export { audit } from '../../services/audit';\n", layer),
    ).toHaveLength(1);
    expect(
      await errorsOf('server/routes/api/bad.ts', "export { listRooms } from '../../db/queries/catalogue';\n", layer),
    ).toHaveLength(1);
    expect(
      await errorsOf(
        'server/routes/api/good.ts',
        "export { CatalogueService } from '../../services/catalogue';\n",
        layer,
      ),
    ).toEqual([]);
  }, 30_000);

  it('fail SQL outside server/db, and pass it inside', async () => {
    const code = "import { sql } from 'drizzle-orm';\nexport const one = sql`select 1`;\n";
    expect(await errorsOf('server/mail/bad.ts', code, 'yadoban/sql-in-db')).toEqual([
      'drizzle-orm outside server/db: the SQL of server/mail/bad.ts belongs in server/db/queries.',
    ]);
    expect(await errorsOf('server/db/queries/good.ts', code, 'yadoban/sql-in-db')).toEqual([]);
  }, 30_000);
});

describe('plain entities on the generated routes (server/routes/crud.ts)', () => {
  /** Each entity that registers its own routes, and why: the list only shrinks. */
  const ownRoutes: Record<string, string> = {
    books:
      'the booking search pages and searches; a create prices the stay and counts rooms; a delete is a cancel with its fee and mail',
    mail_templates: 'fixed per accommodation (no create or delete), addressed by the uid; a test send',
    mail_addresses: 'a create mails a confirmation code; verify and resend beside the five calls',
    mail_publishes: 'created with recipients and an attachment and never edited; a paged list',
    sync_settings: 'one per accommodation and service, its password sealed; no delete',
    sync_items: 'the spec addresses a record at sync-item/{id}, apart from its list',
    sync_logs: 'read only, paged by the server',
    cashes: 'a month ledger with its balance and carried-over rows; the CSV download',
  };

  it('names every entity that registers its own routes, with its reason', () => {
    const routeFiles = Object.values(
      import.meta.glob<string>('../../server/routes/api/*.ts', { eager: true, query: '?raw', import: 'default' }),
    );
    const generatedNames = routeFiles.flatMap((text) =>
      [...text.matchAll(/crudRoutes\(\{\s*entity: (\w+)/g)].map((m) => m[1]!),
    );
    // The contract's exports by name: the entity each crudRoutes call names.
    const contract = Object.assign(
      {},
      ...Object.values(import.meta.glob<Record<string, unknown>>('../../contract/*.ts', { eager: true })),
    ) as Record<string, { resource?: string }>;
    const generated = new Set(generatedNames.map((name) => contract[name]?.resource));
    expect(generated.size).toBe(generatedNames.length);
    const own = entities.map((e) => e.resource).filter((resource) => !generated.has(resource));
    expect(own.sort()).toEqual(Object.keys(ownRoutes).sort());
  });
});
