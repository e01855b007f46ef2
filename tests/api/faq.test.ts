import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faqMessages, type Faq } from '../../contract/faq';
import { controlCharacterMessage } from '../../contract/fieldRules';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const japanese = /[ぁ-んァ-ン一-龥]/;

const path = (accommodationId: number | string, id?: number | string) =>
  `/api/accommodation/${accommodationId}/faq${id === undefined ? '' : `/${id}`}`;
const listOf = async (accommodationId: number, token = api.admin, query = '') => {
  const answer = await api.http.get<{ faqs: Faq[] }>(path(accommodationId) + query, token);
  expect(answer.status).toBe(200);
  return answer.body.faqs;
};
const post = (accommodationId: number, json: unknown, token = api.admin) =>
  api.http.send<any>('POST', path(accommodationId), { token, json });
const patch = (accommodationId: number, id: number | string, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', path(accommodationId, id), { token, json });
const remove = (accommodationId: number, id: number | string, token = api.admin) =>
  api.http.send<any>('DELETE', path(accommodationId, id), { token });

const faqCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from faqs`))[0]!.n;
const stored = async (id: number) =>
  (
    await api.rows<{
      accommodation_id: number;
      question: string;
      answer: string;
      display_order: number;
      room_id: number | null;
    }>(sql`select accommodation_id, question, answer, display_order, room_id from faqs where id = ${id}`)
  )[0];
const roomsOf = (accommodationId: number) =>
  api.rows<{ id: number; name: string }>(
    sql`select id, name from rooms where accommodation_id = ${accommodationId} order by id`,
  );
const maxOrder = async (accommodationId: number) =>
  (
    await api.rows<{ n: number | null }>(
      sql`select max(display_order)::int as n from faqs where accommodation_id = ${accommodationId}`,
    )
  )[0]!.n;

const valid = { question: '朝食は何時からですか？', answer: '7時から9時までです。' };
let acc: number[];
beforeAll(() => {
  acc = api.accommodations.map((a) => a.id);
});

describe('GET accommodation/{id}/faq', () => {
  it('lists the items in display order, then id, with the room names', async () => {
    const a = acc[0]!;
    const expected = await api.rows<Faq>(
      sql`select f.id, f.accommodation_id, f.question, f.answer, f.display_order, f.room_id, r.name as room_name
        from faqs f left join rooms r on r.id = f.room_id where f.accommodation_id = ${a} order by f.display_order, f.id`,
    );
    expect(expected.length).toBeGreaterThan(1);
    // Staff reach their accommodation's FAQ.
    const list = await listOf(a, api.staff);
    expect(list).toEqual(expected);
    expect(list.some((f) => f.room_id === null && f.room_name === null)).toBe(true);
    expect(list.some((f) => f.room_id !== null && typeof f.room_name === 'string')).toBe(true);
  });

  it('breaks a tie of display_order by id', async () => {
    const a = acc[1]!;
    const before = await listOf(a);
    const [first, last] = [before[0]!, before.at(-1)!];
    expect((await patch(a, last.id, { display_order: first.display_order })).status).toBe(200);
    const ids = (await listOf(a)).map((f) => f.id);
    expect(ids.slice(0, 2)).toEqual([Math.min(first.id, last.id), Math.max(first.id, last.id)]);
    await patch(a, last.id, { display_order: last.display_order });
    expect((await listOf(a)).map((f) => f.id)).toEqual(before.map((f) => f.id));
  });

  it('with room_id gives the items of that room type and those for all rooms', async () => {
    const a = acc[0]!;
    const [room, other] = await roomsOf(a);
    const own = (await post(a, { ...valid, question: 'この部屋だけ', room_id: room!.id })).body as Faq;
    const elsewhere = (await post(a, { ...valid, question: '別の部屋だけ', room_id: other!.id })).body as Faq;
    const all = await listOf(a);
    const filtered = await listOf(a, api.staff, `?room_id=${room!.id}`);
    expect(filtered.map((f) => f.id)).toEqual(
      all.filter((f) => f.room_id === null || f.room_id === room!.id).map((f) => f.id),
    );
    expect(filtered.map((f) => f.id)).toContain(own.id);
    expect(filtered.map((f) => f.id)).not.toContain(elsewhere.id);
    expect(filtered.find((f) => f.id === own.id)!.room_name).toBe(room!.name);
    await remove(a, own.id);
    await remove(a, elsewhere.id);
  });

  it('refuses a room_id of another accommodation, of none, or not a number, with 400 on room_id', async () => {
    const [foreign] = await roomsOf(acc[1]!);
    for (const query of [
      `?room_id=${foreign!.id}`,
      '?room_id=999999',
      '?room_id=abc',
      '?room_id=0',
      '?room_id=99999999999',
    ]) {
      const answer = await api.http.get(path(acc[0]!) + query, api.admin);
      expect(answer.status, query).toBe(400);
      expect(answer.body.errors, query).toEqual({ room_id: faqMessages.room });
    }
  });
});

describe('POST accommodation/{id}/faq', () => {
  it('creates an item after the last one, for a room type, and answers it with the room name', async () => {
    const a = acc[0]!;
    const [room] = await roomsOf(a);
    const max = await maxOrder(a);
    const answer = await post(a, {
      question: ' 浴衣はありますか？ ',
      answer: 'はい、ございます。\nサイズはフロントでお申し付けください。',
      room_id: room!.id,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      accommodation_id: a,
      question: '浴衣はありますか？',
      answer: 'はい、ございます。\nサイズはフロントでお申し付けください。',
      display_order: max! + 1,
      room_id: room!.id,
      room_name: room!.name,
    });
    expect(await stored(answer.body.id)).toEqual({
      accommodation_id: a,
      question: '浴衣はありますか？',
      answer: 'はい、ございます。\nサイズはフロントでお申し付けください。',
      display_order: max! + 1,
      room_id: room!.id,
    });
    expect((await listOf(a)).at(-1)!.id).toBe(answer.body.id);
  });

  it('creates an item for all rooms (room_id null or left out) and takes a display_order given', async () => {
    const a = acc[0]!;
    const forAll = await post(a, { ...valid, room_id: null });
    expect(forAll.body).toMatchObject({ room_id: null, room_name: null });
    const placed = await post(a, { ...valid, display_order: 0 });
    expect(placed.body).toMatchObject({ room_id: null, display_order: 0 });
  });

  it('starts at display_order 0 in an empty list (spec 9)', async () => {
    const [company] = await api.rows<{ company_id: number }>(
      sql`select company_id from accommodations where id = ${acc[0]!}`,
    );
    const [empty] = await api.rows<{ id: number }>(
      sql`insert into accommodations (company_id, uid, name, short_name, color)
        values (${company!.company_id}, 'u-faq-empty', '新しい宿', '新', '123456') returning id`,
    );
    expect(await listOf(empty!.id)).toEqual([]);
    expect((await post(empty!.id, valid)).body.display_order).toBe(0);
    expect((await post(empty!.id, valid)).body.display_order).toBe(1);
  });

  it('gives 10 parallel creations 10 different places after the last', async () => {
    const a = acc[2]!;
    const max = (await maxOrder(a))!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(a, { ...valid, question: `同時作成 ${i}` })),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(201));
    const orders = answers.map((x) => x.body.display_order as number).sort((x, y) => x - y);
    expect(orders).toEqual(Array.from({ length: 10 }, (_, i) => max + 1 + i));
  });

  it('refuses a room type of another accommodation, or none, and writes nothing', async () => {
    const [foreign] = await roomsOf(acc[1]!);
    const before = await faqCount();
    for (const roomId of [foreign!.id, 999999]) {
      const answer = await post(acc[0]!, { ...valid, room_id: roomId });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'validation',
        message: faqMessages.room,
        errors: { room_id: faqMessages.room },
      });
    }
    expect(await faqCount()).toBe(before);
  });

  it.each([
    ['no question', { answer: valid.answer }, 'question', faqMessages.question],
    ['a blank question', { ...valid, question: ' \u3000 ' }, 'question', faqMessages.question],
    ['a question too long', { ...valid, question: 'あ'.repeat(501) }, 'question', faqMessages.questionTooLong],
    ['a question with a line break', { ...valid, question: '朝食は\n何時？' }, 'question', controlCharacterMessage],
    ['a question that is a number', { ...valid, question: 1 }, 'question', undefined],
    ['no answer', { question: valid.question }, 'answer', faqMessages.answer],
    ['a null answer', { ...valid, answer: null }, 'answer', faqMessages.answer],
    ['an answer too long', { ...valid, answer: 'あ'.repeat(5001) }, 'answer', faqMessages.answerTooLong],
    ['an answer with NUL', { ...valid, answer: '7時\u0000から' }, 'answer', controlCharacterMessage],
    ['an answer with ESC', { ...valid, answer: '7時\u001bから' }, 'answer', controlCharacterMessage],
    ['a room_id as text', { ...valid, room_id: '1' }, 'room_id', faqMessages.room],
    ['a room_id of 0', { ...valid, room_id: 0 }, 'room_id', faqMessages.room],
    ['a room_id too large', { ...valid, room_id: 99999999999 }, 'room_id', faqMessages.room],
    ['a negative display_order', { ...valid, display_order: -1 }, 'display_order', faqMessages.displayOrder],
    ['a display_order of 1.5', { ...valid, display_order: 1.5 }, 'display_order', faqMessages.displayOrder],
    ['a display_order as text', { ...valid, display_order: 'a' }, 'display_order', undefined],
    ['a display_order too large', { ...valid, display_order: 99999999999 }, 'display_order', undefined],
  ])('refuses %s with a Japanese message on the field, writing nothing', async (_, body, field, message) => {
    const before = await faqCount();
    const answer = await post(acc[0]!, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation');
    const [key, got] = Object.entries(answer.body.errors as Record<string, string>)[0]!;
    expect(key).toBe(field);
    if (message) expect(got).toBe(message);
    else expect(got).toMatch(japanese);
    expect(await faqCount()).toBe(before);
  });

  it('refuses no body or a body that is not an object with 4xx in Japanese', async () => {
    const before = await faqCount();
    for (const body of [
      { json: null },
      { json: [] },
      { body: '{', headers: { 'content-type': 'application/json' } },
      {},
    ]) {
      const answer = await api.http.send<any>('POST', path(acc[0]!), { token: api.admin, ...body });
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.message).toMatch(japanese);
    }
    expect(await faqCount()).toBe(before);
  });
});

describe('PATCH and DELETE accommodation/{id}/faq/{itemId}', () => {
  it('changes any subset: a reorder sends display_order alone; the room may change, to all rooms too', async () => {
    const a = acc[0]!;
    const [room, other] = await roomsOf(a);
    const created = (await post(a, { ...valid, room_id: room!.id })).body as Faq;

    const reordered = await patch(a, created.id, { display_order: 0 });
    expect(reordered.status).toBe(200);
    expect(reordered.body).toEqual({ ...created, display_order: 0 });

    const moved = await patch(a, created.id, { id: created.id, room_id: other!.id, answer: '6時半からです。\n' });
    expect(moved.body).toEqual({
      ...created,
      display_order: 0,
      room_id: other!.id,
      room_name: other!.name,
      answer: '6時半からです。',
    });
    const everywhere = await patch(a, created.id, { room_id: null });
    expect(everywhere.body).toMatchObject({ room_id: null, room_name: null });
    expect((await patch(a, created.id, {})).body).toEqual(everywhere.body);
    expect(await stored(created.id)).toMatchObject({ room_id: null, display_order: 0, answer: '6時半からです。' });
  });

  it.each([
    [{ question: '' }, 'question', faqMessages.question],
    [{ answer: '   ' }, 'answer', faqMessages.answer],
    [{ question: 'あ'.repeat(501) }, 'question', faqMessages.questionTooLong],
    [{ display_order: -1 }, 'display_order', faqMessages.displayOrder],
    [{ room_id: 'all' }, 'room_id', faqMessages.room],
  ])('refuses %j with the field message and changes nothing', async (body, field, message) => {
    const a = acc[0]!;
    const [target] = await listOf(a);
    const before = await stored(target!.id);
    const answer = await patch(a, target!.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toBe(message);
    expect(await stored(target!.id)).toEqual(before);
  });

  it('refuses moving an item to a room type of another accommodation and changes nothing', async () => {
    const a = acc[0]!;
    const [target] = await listOf(a);
    const before = await stored(target!.id);
    const [foreign] = await roomsOf(acc[1]!);
    const answer = await patch(a, target!.id, { question: '変えない', room_id: foreign!.id });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ room_id: faqMessages.room });
    expect(await stored(target!.id)).toEqual(before);
  });

  it('deletes an item (204), then it is not found', async () => {
    const a = acc[0]!;
    const created = (await post(a, valid)).body as Faq;
    const answer = await remove(a, created.id);
    expect(answer.status).toBe(204);
    expect(await stored(created.id)).toBeUndefined();
    expect((await api.http.get(path(a, created.id), api.admin)).status).toBe(404);
    expect((await remove(a, created.id)).status).toBe(404);
    expect((await patch(a, created.id, { question: '復活' })).status).toBe(404);
  });

  it('answers one item; an item of another accommodation is not found under this one and stays as it is', async () => {
    const [theirs] = await listOf(acc[1]!);
    const one = await api.http.get(path(acc[1]!, theirs!.id), api.admin);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(theirs);
    const before = await stored(theirs!.id);
    expect((await api.http.get(path(acc[0]!, theirs!.id), api.admin)).status).toBe(404);
    expect((await patch(acc[0]!, theirs!.id, { question: '乗っ取り' })).status).toBe(404);
    expect((await remove(acc[0]!, theirs!.id)).status).toBe(404);
    expect(await stored(theirs!.id)).toEqual(before);
  });

  it('refuses ids that are not numbers with 400 in Japanese; a number no row can have is 404', async () => {
    for (const url of [path(acc[0]!, 'abc'), path('abc')]) {
      const answer = await api.http.get(url, api.admin);
      expect(answer.status, url).toBe(400);
      expect(Object.values(answer.body.errors as Record<string, string>)[0], url).toMatch(japanese);
    }
    for (const url of [path(acc[0]!, '99999999999'), path(acc[0]!, '0'), path(999999)]) {
      expect((await api.http.get(url, api.admin)).status, url).toBe(404);
    }
  });
});

describe('who reaches the FAQ', () => {
  it('staff write the FAQ of their accommodation', async () => {
    const a = acc[0]!;
    const created = await post(a, valid, api.staff);
    expect(created.status).toBe(201);
    expect((await patch(a, created.body.id, { display_order: 3 }, api.staff)).status).toBe(200);
    expect((await remove(a, created.body.id, api.staff)).status).toBe(204);
  });

  it('staff get 404 on all five calls for an accommodation not granted, and change nothing', async () => {
    const a = acc[1]!;
    const [item] = await listOf(a);
    const before = await faqCount();
    const answers = [
      await api.http.get(path(a), api.staff),
      await api.http.get(path(a, item!.id), api.staff),
      await post(a, valid, api.staff),
      await patch(a, item!.id, { question: '乗っ取り' }, api.staff),
      await remove(a, item!.id, api.staff),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('not_found');
    }
    expect(await faqCount()).toBe(before);
    expect((await stored(item!.id))!.question).toBe(item!.question);
  });

  it('answers 401 without a token', async () => {
    expect((await api.http.get(path(acc[0]!))).status).toBe(401);
    expect((await api.http.send('POST', path(acc[0]!), { json: valid })).status).toBe(401);
  });
});
