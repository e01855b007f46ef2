import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, DataTable, List, Resource, type DataProvider, type RaRecord } from 'react-admin';

/**
 * The reference of issue 12: a minimal react-admin app, its first screen a <List> of 50 rows read
 * from an in-memory dataProvider (no network), as react-admin's own examples start. The calendar
 * is measured against the time this takes to show its rows.
 */
const posts: RaRecord[] = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  title: `Post number ${i + 1}`,
  author: `Author ${(i % 7) + 1}`,
  published_at: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
  views: (i * 37) % 1000,
}));

const one = (id: unknown) => posts.find((p) => String(p.id) === String(id))!;
const dataProvider = {
  getList: async () => ({ data: posts, total: posts.length }),
  getOne: async (_resource: string, { id }: { id: unknown }) => ({ data: one(id) }),
  getMany: async (_resource: string, { ids }: { ids: unknown[] }) => ({ data: ids.map(one) }),
  getManyReference: async () => ({ data: posts, total: posts.length }),
  create: async (_resource: string, { data }: { data: RaRecord }) => ({ data }),
  update: async (_resource: string, { data }: { data: RaRecord }) => ({ data }),
  updateMany: async () => ({ data: [] }),
  delete: async (_resource: string, { id }: { id: unknown }) => ({ data: one(id) }),
  deleteMany: async () => ({ data: [] }),
} as unknown as DataProvider;

function PostList() {
  return (
    <List perPage={50}>
      <DataTable>
        <DataTable.Col source="id" />
        <DataTable.Col source="title" />
        <DataTable.Col source="author" />
        <DataTable.Col source="published_at" />
        <DataTable.NumberCol source="views" />
      </DataTable>
    </List>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} disableTelemetry>
      <Resource name="posts" list={PostList} />
    </Admin>
  </StrictMode>,
);
