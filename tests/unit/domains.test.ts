import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
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

describe('the lint rule yadoban/domain-boundaries', () => {
  const eslint = new ESLint();
  const errorsOf = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'yadoban/domain-boundaries').map((m) => m.message);
  };

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
