import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { addDays, tokyoToday } from '../../contract/dates';
import { signedInSuite } from '../support/fixtures';
import { pettyCashProbes } from '../support/pettyCashProbes';

/**
 * Issue 32: petty cash corrections. The ledger stays append-only; a mistake is reversed by a new
 * entry naming it (corrects_id) with a reason, dated the day it is entered (the entry's own day
 * when that is later), shown with it in the list and the CSV.
 */
const api = signedInSuite();

const cashes = (accommodationId: number, query = '') => `/api/facility/${accommodationId}/cashes${query}`;
const correction = (accommodationId: number, cashId: number) =>
  `/api/facility/${accommodationId}/cashes/${cashId}/correction`;
const own = () => api.accommodations[0]!.id;
const other = () => api.accommodations[1]!.id;
/** A year the demo data's petty cash never reaches (tests/api/cashes.test.ts takes the one before it). */
const Y = Number(tokyoToday().slice(0, 4)) + 4;

const add = async (accommodationId: number, body: Record<string, unknown>, token = api.staff) => {
  const res = await api.http.send<any>('POST', cashes(accommodationId), { token, json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; paid_date: string; amount: number };
};
const correct = (accommodationId: number, cashId: number, body: Record<string, unknown>, token = api.staff) =>
  api.http.send<any>('POST', correction(accommodationId, cashId), { token, json: body });
const list = async (accommodationId: number, start: string, end: string, token = api.staff) =>
  (await api.http.get(cashes(accommodationId, `?start_date=${start}&end_date=${end}`), token)).body;
const { count, auditCount, sumBefore } = pettyCashProbes(api);
const reversalsOf = async (id: number) =>
  (await api.rows<{ n: number }>(sql`select count(*)::int as n from petty_cash_entries where corrects_id = ${id}`))[0]!
    .n;

describe('petty cash corrections', () => {
  it('reverses an entry with a new entry that names it and says why, with its audit row; the balance is back', async () => {
    const base = await sumBefore(own(), `${Y}-06-01`);
    const wrong = await add(own(), { paid_date: `${Y}-06-10`, amount: -12_000, intended_use: '切手代' });
    const later = await add(own(), { paid_date: `${Y}-06-12`, amount: -300, intended_use: '電池' });

    const res = await correct(own(), wrong.id, { correction_reason: '金額の入力誤り（1,200円）' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const reversal = res.body.reversal;
    // An entry dated later than today is reversed on its own day, never before it.
    expect(reversal).toMatchObject({
      accommodation_id: own(),
      paid_date: `${Y}-06-10`,
      amount: 12_000,
      direction: 0,
      intended_use: '切手代',
      corrects_id: wrong.id,
      corrects_date: `${Y}-06-10`,
      correction_reason: '金額の入力誤り（1,200円）',
      corrected_by: null,
      balance: base,
    });
    expect(reversal.id).toBeGreaterThan(later.id);
    expect(res.body.reentry).toBeNull();

    // Shown together: the entry names its reversal, the reversal the entry; the balance runs through both.
    const june = await list(own(), `${Y}-06-01`, `${Y}-06-30`);
    expect(
      june.cashes.map((c: any) => [c.id, c.amount, c.balance, c.corrects_id, c.corrected_by, c.correction_reason]),
    ).toEqual([
      [wrong.id, -12_000, base - 12_000, null, reversal.id, null],
      [reversal.id, 12_000, base, wrong.id, null, '金額の入力誤り（1,200円）'],
      [later.id, -300, base - 300, null, null, null],
    ]);
    expect(june.cashes[0].corrected_date).toBe(`${Y}-06-10`);
    expect(june.balance).toBe(base - 300);

    // The entry itself is as it was written; the reversal is a row of its own.
    const [original] = await api.rows<{ amount: number; paid_date: string; corrects_id: number | null }>(
      sql`select amount, paid_date::text as paid_date, corrects_id from petty_cash_entries where id = ${wrong.id}`,
    );
    expect(original).toEqual({ amount: -12_000, paid_date: `${Y}-06-10`, corrects_id: null });

    // Who, when, what: the reversal's audit row with the entry it reverses and why.
    const [staff] = await api.rows<{ id: number }>(sql`select id from users where mail = 'staff@example.com'`);
    const trail = await api.rows<{
      action: string;
      user_id: number;
      accommodation_id: number;
      changes: any;
      at: string;
    }>(
      sql`select action, user_id, accommodation_id, changes, at::text as at from audit_log
          where target_type = 'petty_cash' and target_id = ${reversal.id}`,
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'create', user_id: staff!.id, accommodation_id: own() });
    expect(trail[0]!.at).toBeTruthy();
    expect(trail[0]!.changes).toMatchObject({
      amount: { from: null, to: 12_000 },
      paid_date: { from: null, to: `${Y}-06-10` },
      corrects_id: { from: null, to: wrong.id },
      correction_reason: { from: null, to: '金額の入力誤り（1,200円）' },
    });
  });

  it('dates the reversal the day it is entered: the days before keep the balance they had', async () => {
    const today = tokyoToday();
    const past = `${Y - 12}-03-03`;
    const wrong = await add(own(), { paid_date: past, amount: 7_000, intended_use: '釣り銭 補充' });
    const beforeToday = await sumBefore(own(), today);
    const afterPast = await sumBefore(own(), addDays(past, 1));
    const throughToday = await sumBefore(own(), addDays(today, 1));
    const res = await correct(own(), wrong.id, { correction_reason: '二重に記録' });
    expect(res.status).toBe(201);
    expect(res.body.reversal).toMatchObject({ paid_date: today, amount: -7_000, corrects_date: past });
    // Printed balances (up to yesterday, and the entry's own day) stay; from today on the pair cancels out.
    expect(await sumBefore(own(), today)).toBe(beforeToday);
    expect(await sumBefore(own(), addDays(past, 1))).toBe(afterPast);
    expect(await sumBefore(own(), addDays(today, 1))).toBe(throughToday - 7_000);
    const pastDay = await list(own(), past, past);
    expect(pastDay.cashes[0]).toMatchObject({
      id: wrong.id,
      corrected_by: res.body.reversal.id,
      corrected_date: today,
    });
  });

  it('records the entry as it should have been with the reversal, in one transaction', async () => {
    const base = await sumBefore(own(), `${Y}-07-01`);
    const wrong = await add(own(), { paid_date: `${Y}-07-03`, amount: -12_000, intended_use: '切手代' });
    const before = await count();
    const audits = await auditCount();

    // A wrong entry in its place refuses the whole correction: no reversal is left behind.
    const bad = await correct(own(), wrong.id, {
      correction_reason: '金額の入力誤り',
      reentry: { amount: 0, intended_use: '切手代' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['reentry.amount']).toBe('金額は0円以外で入力してください');
    expect(await count()).toBe(before);
    expect(await reversalsOf(wrong.id)).toBe(0);

    const res = await correct(own(), wrong.id, {
      correction_reason: '金額の入力誤り',
      reentry: { amount: -1_200, intended_use: '切手代' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.reversal).toMatchObject({ amount: 12_000, corrects_id: wrong.id, balance: base });
    expect(res.body.reentry).toMatchObject({
      paid_date: `${Y}-07-03`,
      amount: -1_200,
      intended_use: '切手代',
      corrects_id: null,
      correction_reason: null,
      balance: base - 1_200,
    });
    expect(await count()).toBe(before + 2);
    expect(await auditCount()).toBe(audits + 2);
    const july = await list(own(), `${Y}-07-01`, `${Y}-07-31`);
    expect(july.cashes.map((c: any) => c.id)).toEqual([wrong.id, res.body.reversal.id, res.body.reentry.id]);
    expect(july.balance).toBe(base - 1_200);
  });

  it('reverses an entry once: a second correction, and the correction of a correction, are refused 409', async () => {
    const wrong = await add(own(), { paid_date: `${Y}-08-05`, amount: -2_000, intended_use: '花代' });
    const first = await correct(own(), wrong.id, { correction_reason: '施設を間違えた' });
    expect(first.status).toBe(201);
    const before = await count();
    const audits = await auditCount();

    const again = await correct(own(), wrong.id, { correction_reason: 'もう一度' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('この記録はすでに訂正されています。画面を更新してください。');
    const ofReversal = await correct(own(), first.body.reversal.id, { correction_reason: '訂正の取り消し' });
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.message).toBe('訂正の記録は訂正できません。必要な場合は新しく記録を追加してください。');
    expect(await count()).toBe(before);
    expect(await auditCount()).toBe(audits);

    // The database itself holds the rule: a second row naming the same entry is refused.
    await expect(
      api.rows(sql`insert into petty_cash_entries (accommodation_id, paid_date, amount, intended_use, corrects_id,
                     correction_reason)
                   values (${own()}, ${`${Y}-08-06`}::date, 2000, '花代', ${wrong.id}, 'SQL')`),
    ).rejects.toThrow();
    await expect(
      api.rows(sql`insert into petty_cash_entries (accommodation_id, paid_date, amount, intended_use, corrects_id)
                   values (${own()}, ${`${Y}-08-06`}::date, 2000, '花代', ${first.body.reversal.id})`),
    ).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it('writes exactly one reversal when several corrections of one entry arrive at once', async () => {
    const wrong = await add(own(), { paid_date: `${Y}-09-01`, amount: -4_500, intended_use: '灯油' });
    const audits = await auditCount();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, n) => correct(own(), wrong.id, { correction_reason: `同時の訂正 ${n}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe('この記録はすでに訂正されています。画面を更新してください。');
    }
    expect(await reversalsOf(wrong.id)).toBe(1);
    expect(await auditCount()).toBe(audits + 1);
    const day = await list(own(), `${Y}-09-01`, `${Y}-09-01`);
    expect(day.cashes.map((c: any) => c.amount)).toEqual([-4_500, 4_500]);
  });

  it("answers 404 for another facility's entry, an unknown one, and a facility the user cannot reach", async () => {
    const theirs = await add(other(), { paid_date: `${Y}-10-01`, amount: -800, intended_use: '文具' }, api.admin);
    const mine = await add(own(), { paid_date: `${Y}-10-01`, amount: -800, intended_use: '文具' });
    const before = await count();
    const body = { correction_reason: '誤り' };
    expect((await correct(other(), theirs.id, body)).status).toBe(404);
    expect((await correct(own(), theirs.id, body)).status).toBe(404);
    expect((await correct(other(), mine.id, body, api.admin)).status).toBe(404);
    const unknown = await correct(own(), 999_999, body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('対象のデータが見つかりません。');
    expect((await api.http.send('POST', correction(own(), mine.id), { json: body })).status).toBe(401);
    expect(await count()).toBe(before);
    // An administrator reaches every facility of the company.
    expect((await correct(other(), theirs.id, body, api.admin)).status).toBe(201);
  });

  it('requires a reason: 400 in Japanese on its field, and nothing written', async () => {
    const wrong = await add(own(), { paid_date: `${Y}-11-01`, amount: -100, intended_use: 'ゴミ袋' });
    const before = await count();
    const audits = await auditCount();
    const cases: [Record<string, unknown>, string][] = [
      [{}, '訂正理由を入力してください'],
      [{ correction_reason: '' }, '訂正理由を入力してください'],
      [{ correction_reason: '   ' }, '訂正理由を入力してください'],
      [{ correction_reason: null }, '訂正理由を入力してください'],
      [{ correction_reason: 'あ'.repeat(101) }, '訂正理由は100文字以内で入力してください'],
      [{ correction_reason: '誤り\nです' }, '使用できない文字（改行などの制御文字）が含まれています'],
    ];
    for (const [body, message] of cases) {
      const res = await correct(own(), wrong.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.correction_reason, JSON.stringify(body)).toBe(message);
    }
    expect((await correct(own(), wrong.id, { correction_reason: 'あ'.repeat(100) })).status).toBe(201);
    expect(await count()).toBe(before + 1);
    expect(await auditCount()).toBe(audits + 1);
  });

  it('keeps the ledger append-only: no route changes or deletes an entry', async () => {
    const entry = await add(own(), { paid_date: `${Y}-11-15`, amount: -250, intended_use: '新聞' });
    const record = `${cashes(own())}/${entry.id}`;
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const res = await api.http.send(method, record, { token: api.admin, json: { amount: -1 } });
      expect(res.status, method).toBe(404);
    }
    const [row] = await api.rows<{ amount: number }>(sql`select amount from petty_cash_entries where id = ${entry.id}`);
    expect(row!.amount).toBe(-250);
  });

  it('shows the pair in the CSV: number, state, the entry it reverses and why', async () => {
    const wrong = await add(own(), { paid_date: `${Y}-12-02`, amount: -3_000, intended_use: '=タクシー代' });
    const kept = await add(own(), { paid_date: `${Y}-12-03`, amount: 1_000, intended_use: '釣り銭' });
    const reversal = (await correct(own(), wrong.id, { correction_reason: '=日付の誤り, 再入力' })).body.reversal;
    const carried = await sumBefore(own(), `${Y}-12-01`);
    const res = await fetch(
      `${api.server.baseUrl}${cashes(own(), `?format=csv&start_date=${Y}-12-01&end_date=${Y}-12-31`)}`,
      {
        headers: { authorization: `Bearer ${api.staff}` },
      },
    );
    expect(res.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer())).slice(1);
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(['日付', '金額', '残高', '用途', '記入者', 'No.', '状態', '訂正元', '訂正理由']);
    expect(rows[1]).toEqual([`${Y}-11-30`, '', String(carried), '前期繰越', '', '', '', '', '']);
    expect(rows.slice(2).map((r) => [r[0], r[1], r[2], r[3], r[5], r[6], r[7], r[8]])).toEqual([
      [`${Y}-12-02`, '-3000', String(carried - 3_000), `'=タクシー代`, String(wrong.id), '訂正済み', '', ''],
      [
        `${Y}-12-02`,
        '3000',
        String(carried),
        `'=タクシー代`,
        String(reversal.id),
        '訂正',
        String(wrong.id),
        `'=日付の誤り, 再入力`,
      ],
      [`${Y}-12-03`, '1000', String(carried + 1_000), '釣り銭', String(kept.id), '', '', ''],
    ]);
  });
});
