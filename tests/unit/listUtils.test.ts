import { describe, expect, it } from 'vitest';
import { changedFields, pageRecords, pickList, pickRecord, sortRecords } from '../../dataProvider/listUtils';

describe('list answers', () => {
  it('picks the records by the spec key, the array itself, or the first array', () => {
    expect(pickList({ books: [{ id: 1 }], count: 1 }, 'books')).toEqual([{ id: 1 }]);
    expect(pickList([{ id: 2 }])).toEqual([{ id: 2 }]);
    expect(pickList({ accommodations: [{ id: 3 }], company: { name: 'x' } }, 'other')).toEqual([{ id: 3 }]);
    expect(pickList(null)).toEqual([]);
  });

  it('unwraps a single record when wrapped', () => {
    expect(pickRecord({ plan: { id: 1 } }, 'plan')).toEqual({ id: 1 });
    expect(pickRecord({ id: 1, name: 'a' }, 'plan')).toEqual({ id: 1, name: 'a' });
  });

  it('sorts and pages whole lists', () => {
    const rows = [
      { id: 1, n: 3 },
      { id: 2, n: 1 },
      { id: 3, n: 2 },
    ];
    expect(sortRecords(rows, { field: 'n', order: 'ASC' }).map((r) => r.id)).toEqual([2, 3, 1]);
    expect(sortRecords(rows, { field: 'n', order: 'DESC' }).map((r) => r.id)).toEqual([1, 3, 2]);
    expect(pageRecords(rows, { page: 2, perPage: 2 })).toEqual([{ id: 3, n: 2 }]);
  });

  it('sends only changed fields', () => {
    expect(changedFields({ id: 1, name: 'b', tags: [1] }, { id: 1, name: 'a', tags: [1] })).toEqual({ name: 'b' });
  });
});
