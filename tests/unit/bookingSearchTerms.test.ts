import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { searchCondition, searchTerms } from '../../server/db/queries/bookingSearch';

/** What the booking search's box (GET /admin/books?q=) looks for, from what staff type. */
describe('searchTerms', () => {
  it('reads a name as typed: NFKC, no spaces, lower case', () => {
    expect(searchTerms(' 山田　太郎 ')).toEqual({ text: '山田太郎', digits: null, uidPrefix: null });
    expect(searchTerms('ﾔﾏﾀﾞ').text).toBe('ヤマダ');
    expect(searchTerms('Taro.Yamada@Example.JP').text).toBe('taro.yamada@example.jp');
  });

  it('reads a phone by its digits, whatever the dashes, brackets or width', () => {
    expect(searchTerms('090-1234-5678').digits).toBe('09012345678');
    expect(searchTerms('０９０ー１２３４ー５６７８').digits).toBe('09012345678');
    expect(searchTerms('(03) 1234 5678').digits).toBe('0312345678');
    expect(searchTerms('+81 90‐1234‐5678').digits).toBe('819012345678');
    // Two digits are no phone; letters make it no phone.
    expect(searchTerms('09').digits).toBeNull();
    expect(searchTerms('guest123').digits).toBeNull();
  });

  it('reads a hexadecimal text as the start of a uid (the confirmation number)', () => {
    expect(searchTerms('A3F').uidPrefix).toBe('a3f');
    expect(searchTerms('a3g').uidPrefix).toBeNull();
  });
});

describe('searchCondition', () => {
  const render = (q: string) => {
    const condition = searchCondition(q);
    return condition ? new PgDialect().sqlToQuery(condition) : null;
  };

  it('matches part of the name and mail from 3 characters, the start of the name below', () => {
    // Kana and kanji are never part of a mail: the name alone.
    expect(render('山田太')!.params).toEqual(['%山田太%']);
    // ASCII: the mail too, and a booking site's number ending so (written backwards, issue 32).
    expect(render('taro.y')!.params).toEqual(['%taro.y%', '%taro.y%', 'y.orat%']);
    expect(render('山田')!.params).toEqual(['山田%']);
    expect(render('   ')).toBeNull();
  });

  it('adds the phone and the uid only when the text can be one, and escapes LIKE wildcards', () => {
    expect(render('090-1234')!.params).toEqual(['%090-1234%', '%090-1234%', '4321-090%', '%0901234%']);
    // Three hexadecimal characters are a confirmation number or part of a name, never of a mail.
    expect(render('abc')!.params).toEqual(['%abc%', 'abc%']);
    expect(render('50%_\\')!.params).toEqual(['%50\\%\\_\\\\%', '%50\\%\\_\\\\%', '\\\\\\_\\%05%']);
  });
});
