import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { tokyoMinute } from '../../contract/dates';
import { refusalKeptUntil, refusalMessages as msg, refusalSchema } from '../../contract/refusal';
import { retentionCutoff } from '../../server/services/registerRetention';
import { planlessBooking, signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const PATH = '/api/admin/refusals';
const today = tokyoToday();

const refusal = (fields: Record<string, unknown> = {}) => ({
  accommodation_id: api.accommodations[0]!.id,
  refused_at: `${addDays(today, -1)}T21:40`,
  guest_name: '拒否 一郎',
  ground: 'illegal_conduct',
  facts: 'ロビーで賭博の相談をしていたため、他の宿泊者の安全のためお断りした。',
  ...fields,
});
const record = (json: unknown, token = api.staff) => api.http.send<any>('POST', PATH, { token, json });
const count = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from refusals`))[0]!.n;

describe('the refusal log /api/admin/refusals (旅館業法5条)', () => {
  it('records a refusal signed by the staff member, lists it, and keeps it in the audit', async () => {
    const res = await record(refusal());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = refusalSchema.parse(res.body);
    const me = (await api.http.send<{ name: string }>('GET', '/api/me', { token: api.staff })).body;
    expect(made).toMatchObject({
      guest_name: '拒否 一郎',
      ground: 'illegal_conduct',
      refused_at: `${addDays(today, -1)}T21:40`,
      staff_name: me.name,
      accommodation_name: api.accommodations[0]!.name,
    });
    const list = await api.http.send<any>('GET', PATH, { token: api.admin });
    expect(list.status).toBe(200);
    expect(list.body.refusals.map((r: any) => r.id)).toContain(made.id);
    const [audit] = await api.rows<{ action: string; changes: any }>(
      sql`select action, changes from audit_log where target_type = 'refusals' and target_id = ${made.id}`,
    );
    expect(audit!.action).toBe('create');
    expect(JSON.stringify(audit!.changes)).toContain('illegal_conduct');
  });

  it('refuses bad input in Japanese and writes nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ground: 'dislike' }, 'ground', msg.ground],
      [{ ground: undefined }, 'ground', msg.ground],
      [{ guest_name: '  ' }, 'guest_name', msg.guestName],
      [{ guest_name: 'あ'.repeat(101) }, 'guest_name', msg.guestNameTooLong],
      [{ facts: '' }, 'facts', msg.facts],
      [{ facts: 'x'.repeat(2001) }, 'facts', msg.factsTooLong],
      [{ facts: 'ok\u202Eevil' }, 'facts', '使用できない文字'],
      [{ refused_at: '2026-02-30T10:00' }, 'refused_at', msg.refusedAt],
      [{ refused_at: '2026-11-01 10:00' }, 'refused_at', msg.refusedAt],
      [{ refused_at: `${addDays(today, 2)}T10:00` }, 'refused_at', msg.future],
      [{ accommodation_id: 'one' }, 'accommodation_id', msg.accommodation],
    ];
    for (const [fields, field, message] of cases) {
      const res = await record(refusal(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(fields)).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it("keeps each facility's log to its users: another facility's is 404 to staff", async () => {
    const other = api.accommodations[1]!.id;
    expect((await record(refusal({ accommodation_id: other }))).status).toBe(404);
    const theirs = await record(refusal({ accommodation_id: other }), api.admin);
    expect(theirs.status).toBe(201);
    expect((await api.http.send<any>('GET', `${PATH}/${theirs.body.id}`, { token: api.staff })).status).toBe(404);
    const mine = await api.http.send<any>('GET', PATH, { token: api.staff });
    expect(mine.body.refusals.every((r: any) => r.accommodation_id === api.accommodations[0]!.id)).toBe(true);
    expect((await api.http.send<any>('GET', `${PATH}?accommodation_id=${other}`, { token: api.staff })).status).toBe(
      404,
    );
    const filtered = await api.http.send<any>('GET', `${PATH}?accommodation_id=${other}`, { token: api.admin });
    expect(filtered.body.refusals.map((r: any) => r.id)).toEqual([theirs.body.id]);
  });

  it('corrects a record with an audit row of what it replaced; its facility stays', async () => {
    const made = (await record(refusal())).body;
    const res = await api.http.send<any>('PATCH', `${PATH}/${made.id}`, {
      token: api.staff,
      json: { ground: 'burdensome_demands', accommodation_id: api.accommodations[1]!.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ground: 'burdensome_demands', accommodation_id: api.accommodations[0]!.id });
    const rows = await api.rows<{ action: string; changes: any }>(
      sql`select action, changes from audit_log where target_type = 'refusals' and target_id = ${made.id} order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1]!.changes.ground).toEqual({ from: 'illegal_conduct', to: 'burdensome_demands' });
  });

  it('cannot be deleted for three years (409 with the date), then can', async () => {
    const made = (await record(refusal({ refused_at: '2026-02-01T10:00' }))).body;
    const refused = await api.http.send<any>('DELETE', `${PATH}/${made.id}`, { token: api.admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.kept('2029-02-01'));
    const old = (await record(refusal({ refused_at: '2020-06-01T10:00' }))).body;
    expect((await api.http.send('DELETE', `${PATH}/${old.id}`, { token: api.admin })).status).toBe(204);
    expect((await api.http.send('GET', `${PATH}/${old.id}`, { token: api.admin })).status).toBe(404);
  });
});

describe('the refusal rules', () => {
  it('keep a record three years: to its third anniversary, 2/29 to 3/1', () => {
    expect(refusalKeptUntil('2026-12-01T09:00')).toBe('2029-12-01');
    expect(refusalKeptUntil('2028-02-29T09:00')).toBe('2031-03-01');
  });

  it('read the minute in Tokyo', () => {
    expect(tokyoMinute(new Date('2026-12-31T15:05:00Z'))).toBe('2027-01-01T00:05');
  });
});

describe('the end of keeping: the job registerRetention', () => {
  it('removes the guests of stays ended over three years and the grace ago, and such refusals; the rest stays', async () => {
    const cutoff = retentionCutoff(today, 30);
    const stay = async (endDate: string) => {
      const b = await planlessBooking(api, 0, { start_date: addDays(today, 300), person_number: 1, name: '保存 太郎' });
      const added = await api.http.send<any>('POST', `/api/admin/books/${b.id}/guests`, {
        token: api.admin,
        json: { name: '保存 太郎', address: '東京都港区1-1', contact: '03-0000-0000', nationality: 'JP' },
      });
      expect(added.status).toBe(201);
      // The stay moved back in time, as the years would.
      await api.rows(sql`update bookings set start_date = ${addDays(endDate, -1)}::date, end_date = ${endDate}::date
        where id = ${b.id}`);
      return b.id;
    };
    const expired = await stay(addDays(cutoff, -1));
    const kept = await stay(cutoff);
    const oldRefusal = (await record(refusal({ refused_at: `${addDays(cutoff, -1)}T23:59` }))).body.id;
    const keptRefusal = (await record(refusal({ refused_at: `${cutoff}T00:00` }))).body.id;

    expect(await api.server.jobs.runNow('registerRetention')).toBe(true);

    const guests = async (bookId: number) =>
      (
        await api.rows<{ n: number }>(sql`select count(*)::int as n from booking_guests where booking_id = ${bookId}`)
      )[0]!.n;
    expect(await guests(expired)).toBe(0);
    expect(await guests(kept)).toBe(1);
    const booking = await api.http.send<any>('GET', `/api/admin/books/${expired}`, { token: api.admin });
    expect(booking.status).toBe(200);
    const left = (await api.http.send<any>('GET', PATH, { token: api.admin })).body.refusals.map((r: any) => r.id);
    expect(left).toContain(keptRefusal);
    expect(left).not.toContain(oldRefusal);

    // The audit says what went, by counts, and keeps no name of the guests removed.
    const trail = await api.rows<{ action: string; user_name: string; changes: any }>(
      sql`select action, user_name, changes from audit_log where book_id = ${expired} and target_type = 'booking_guest'
      order by id`,
    );
    expect(trail.at(-1)).toMatchObject({ action: 'delete', user_name: '保存期間の経過による削除（システム）' });
    expect(trail.at(-1)!.changes.guests).toEqual({ from: 1, to: 0 });
    expect(JSON.stringify(trail)).not.toContain('東京都港区');
    const refusalTrail = await api.rows<{ changes: any }>(
      sql`select changes from audit_log where target_type = 'refusals' and target_id = ${oldRefusal}`,
    );
    expect(JSON.stringify(refusalTrail)).not.toContain('拒否 一郎');
  });

  it('counts three years from the check-out, and the grace after them', () => {
    expect(retentionCutoff('2029-12-31', 0)).toBe('2026-12-31');
    expect(retentionCutoff('2029-12-31', 30)).toBe('2026-12-01');
  });
});
