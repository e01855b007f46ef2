import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { taxLinesSchema, taxMessages, taxSettingsSchema } from '../../contract/tax';
import { taxRuleListSchema, taxRuleMessages, taxRuleSchema } from '../../contract/taxRule';
import { bookingCreateMessages } from '../../contract/booking';
import { planlessBooking, signedInSuite } from '../support/fixtures';

const api = signedInSuite();

type Night = [date: string, base: number];
const quote = (body: Record<string, unknown>, token = api.admin) =>
  api.http.send<any>('POST', '/api/tax/quote', { token, json: body });

/** The tax per person of one night, for one guest. */
async function perPerson(jurisdictions: string[], [date, base]: Night): Promise<number> {
  const res = await quote({ jurisdictions, nights: [{ date, base_per_person: base }], guests: 1 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return taxLinesSchema.parse(res.body).total;
}

const settingsPath = (index: number) => `/api/facility/${api.accommodations[index]!.id}/tax-settings`;
const patchSettings = (index: number, json: unknown, token = api.admin) =>
  api.http.send<any>('PATCH', settingsPath(index), { token, json });
const taxesOf = (id: number, token = api.admin) => api.http.send<any>('GET', `/api/admin/books/${id}/taxes`, { token });
/** The 400's message under `field` (or a field inside it: bands.0.amount). */
function expectFieldMessage(body: { errors?: Record<string, string> }, field: string, message: string) {
  const shown = Object.entries(body.errors ?? {}).filter(([key]) => key === field || key.startsWith(`${field}.`));
  expect(shown.map(([, m]) => m).join(), `${field}: ${JSON.stringify(body)}`).toContain(message);
}

/** A booking without a plan, for a named guest. */
const book = (index: number, fields: Record<string, unknown>) =>
  planlessBooking(api, index, { name: '税 太郎', ...fields });
const ruleCount = async () => (await api.rows<{ n: number }>(sql`select count(*)::int as n from tax_rules`))[0]!.n;

describe('宿泊税: the shipped rules, each checked at its bands (POST /api/tax/quote)', () => {
  const checks: [name: string, jurisdictions: string[], night: Night, tax: number][] = [
    ['Tokyo under 10,000', ['tokyo'], ['2026-06-01', 9_999], 0],
    ['Tokyo from 10,000', ['tokyo'], ['2026-06-01', 10_000], 100],
    ['Tokyo from 15,000', ['tokyo'], ['2026-06-01', 15_000], 200],
    ['Osaka under 5,000', ['osaka'], ['2026-06-01', 4_999], 0],
    ['Osaka from 5,000', ['osaka'], ['2026-06-01', 5_000], 200],
    ['Osaka from 20,000', ['osaka'], ['2026-06-01', 20_000], 500],
    ['Kyoto before the change, night 2026-02-27', ['kyoto-city'], ['2026-02-27', 16_000], 200],
    ['Kyoto from 2026-03-01, 16,000', ['kyoto-city'], ['2026-03-01', 16_000], 400],
    ['Kyoto from 2026-03-01, 20,000', ['kyoto-city'], ['2026-03-15', 20_000], 1_000],
    ['Kyoto from 2026-03-01, 100,000', ['kyoto-city'], ['2026-03-15', 100_000], 10_000],
    ['Sapporo with Hokkaido, 19,999', ['hokkaido', 'sapporo'], ['2026-04-01', 19_999], 300],
    ['Sapporo with Hokkaido, 20,000', ['hokkaido', 'sapporo'], ['2026-04-01', 20_000], 400],
    ['Sapporo with Hokkaido, 50,000', ['hokkaido', 'sapporo'], ['2026-04-01', 50_000], 1_000],
    ['Sapporo with Hokkaido, the night before both start', ['hokkaido', 'sapporo'], ['2026-03-31', 50_000], 0],
    ['Fukuoka city under 20,000', ['fukuoka-city'], ['2026-06-01', 19_999], 200],
    ['Fukuoka city from 20,000', ['fukuoka-city'], ['2026-06-01', 20_000], 500],
    ['Sendai under 6,000', ['sendai'], ['2026-06-01', 5_999], 0],
    ['Sendai from 6,000', ['sendai'], ['2026-06-01', 6_000], 300],
    ['Kutchan 3 % from 2026-04-01', ['kutchan'], ['2026-04-01', 40_000], 1_200],
    ['Kutchan 2 % the night before', ['kutchan'], ['2026-03-31', 40_000], 800],
    ['Atami, any base', ['atami'], ['2026-06-01', 3_000], 200],
    ['Atami, any base (high)', ['atami'], ['2026-06-01', 300_000], 200],
  ];
  it.each(checks)('%s', async (_name, jurisdictions, night, tax) => {
    expect(await perPerson(jurisdictions, night)).toBe(tax);
  });

  it('Kyoto, 2 guests at 16,000 over the nights of 2026-02-27, 02-28 and 03-01: 1,600, a line per night', async () => {
    const res = await quote({
      jurisdictions: ['kyoto-city'],
      nights: ['2026-02-27', '2026-02-28', '2026-03-01'].map((date) => ({ date, base_per_person: 16_000 })),
      guests: 2,
    });
    expect(res.status).toBe(200);
    const taxes = taxLinesSchema.parse(res.body);
    expect(taxes.total).toBe(1_600);
    expect(taxes.lines.map((l) => [l.date, l.amount_per_person, l.guests, l.amount])).toEqual([
      ['2026-02-27', 200, 2, 400],
      ['2026-02-28', 200, 2, 400],
      ['2026-03-01', 400, 2, 800],
    ]);
  });

  it('a school trip is exempt where the rule says so, and counted as exempt guests', async () => {
    const res = await quote({
      jurisdictions: ['kyoto-city'],
      nights: [{ date: '2026-03-15', base_per_person: 16_000 }],
      guests: 30,
      school_trip: true,
    });
    const taxes = taxLinesSchema.parse(res.body);
    expect(taxes.total).toBe(0);
    expect(taxes.lines[0]).toMatchObject({ guests: 0, exempt_guests: 30, exempt_reason: 'school_trip' });
  });

  it('Atami exempts children under 12; 入湯税 at a rate exempts them too', async () => {
    const res = await quote({
      jurisdictions: ['atami'],
      nights: [{ date: '2026-06-01', base_per_person: 20_000 }],
      guests: 3,
      children_under_12: 1,
      bathing_rate: 150,
    });
    const taxes = taxLinesSchema.parse(res.body);
    expect(taxes.lines.map((l) => [l.kind, l.guests, l.exempt_guests, l.exempt_reason, l.amount])).toEqual([
      ['accommodation', 2, 1, 'under_12', 400],
      ['bathing', 2, 1, 'under_12', 300],
    ]);
    expect(taxes.total).toBe(700);
  });

  it('lists every rule with its period and source; staff read them too', async () => {
    const res = await api.http.send<any>('GET', '/api/tax/jurisdictions', { token: api.staff });
    expect(res.status).toBe(200);
    const { rules } = taxRuleListSchema.parse(res.body);
    const codes = new Set(rules.map((r) => r.code));
    for (const code of [
      'tokyo',
      'osaka',
      'kyoto-city',
      'hokkaido',
      'sapporo',
      'fukuoka-city',
      'fukuoka-pref',
      'kitakyushu',
      'nagasaki-city',
      'sendai',
      'miyagi',
      'kutchan',
      'niseko',
      'hiroshima',
      'atami',
      'kanazawa',
      'takayama',
      'gero',
    ]) {
      expect(codes, code).toContain(code);
    }
    for (const rule of rules) expect(rule.source_url, rule.code).toMatch(/^https?:\/\//);
    expect(rules.every((r) => r.shipped)).toBe(true);
  });
});

describe('a company corrects and adds rules (administrators)', () => {
  const newRule = {
    code: 'test-town',
    name: 'テスト町 宿泊税',
    effective_from: '2026-01-01',
    effective_to: '2026-12-31',
    bands: [
      { from: 0, amount: 100 },
      { from: 8_000, amount: 300 },
    ],
    source_url: 'https://example.jp/test-town/tax',
  };

  it('adds a rule that the quote applies at once, and audits it', async () => {
    const res = await api.http.send<any>('POST', '/api/tax/jurisdictions', { token: api.admin, json: newRule });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = taxRuleSchema.parse(res.body);
    expect(made).toMatchObject({ code: 'test-town', shipped: false, exempt_school_trip: false, percent: null });
    expect(await perPerson(['test-town'], ['2026-05-01', 8_000])).toBe(300);
    expect(await perPerson(['test-town'], ['2027-01-01', 8_000])).toBe(0);
    const [row] = await api.rows<{ action: string }>(
      sql`select action from audit_log where target_type = 'tax_rule' and target_id = ${made.id}`,
    );
    expect(row?.action).toBe('create');
  });

  it('follows a rule with the next period; a period that shares a night is refused with 409', async () => {
    const next = { ...newRule, effective_from: '2027-01-01', effective_to: null, bands: [{ from: 0, amount: 150 }] };
    const ok = await api.http.send<any>('POST', '/api/tax/jurisdictions', { token: api.admin, json: next });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await perPerson(['test-town'], ['2027-01-01', 8_000])).toBe(150);
    const before = await ruleCount();
    const overlapping = { ...next, effective_from: '2026-12-31' };
    const res = await api.http.send<any>('POST', '/api/tax/jurisdictions', { token: api.admin, json: overlapping });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(taxRuleMessages.overlap);
    expect(await ruleCount()).toBe(before);
  });

  it('corrects a shipped rule: its figures change, an overlapping period is refused and nothing is written', async () => {
    const { rules } = taxRuleListSchema.parse(
      (await api.http.send<any>('GET', '/api/tax/jurisdictions', { token: api.admin })).body,
    );
    const tokyo = rules.find((r) => r.code === 'tokyo' && r.effective_to === null)!;
    const res = await api.http.send<any>('PATCH', `/api/tax/jurisdictions/${tokyo.id}`, {
      token: api.admin,
      json: { note: '社内で確認済み' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ note: '社内で確認済み', bands: tokyo.bands, shipped: true });
    const bad = await api.http.send<any>('PATCH', `/api/tax/jurisdictions/${tokyo.id}`, {
      token: api.admin,
      json: { effective_from: '2020-01-01' },
    });
    expect(bad.status).toBe(409);
    const [stored] = await api.rows<{ effective_from: string }>(
      sql`select effective_from::text from tax_rules where id = ${tokyo.id}`,
    );
    expect(stored!.effective_from).toBe(tokyo.effective_from);
  });

  it('refuses bad rules in Japanese and writes nothing', async () => {
    const before = await ruleCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'Test Town' }, 'code', taxRuleMessages.code],
      [{ name: '  ' }, 'name', taxRuleMessages.name],
      [{ name: 'a\u0007b' }, 'name', '使用できない文字'],
      [{ bands: [{ from: 100, amount: 100 }] }, 'bands', taxRuleMessages.bandsFirst],
      [
        {
          bands: [
            { from: 0, amount: 100 },
            { from: 0, amount: 200 },
          ],
        },
        'bands',
        taxRuleMessages.bandsOrder,
      ],
      [
        {
          bands: [
            { from: 0, amount: 100 },
            { from: 9_000, amount: 200 },
            { from: 8_000, amount: 300 },
          ],
        },
        'bands',
        taxRuleMessages.bandsOrder,
      ],
      [{ bands: [{ from: 0, amount: -1 }] }, 'bands', taxRuleMessages.bandAmount],
      [{ bands: null, percent: 0 }, 'percent', taxRuleMessages.percent],
      [{ bands: null, percent: 101 }, 'percent', taxRuleMessages.percent],
      [{ bands: null, percent: 2.345 }, 'percent', taxRuleMessages.percent],
      [{ bands: null, percent: '3' }, 'percent', taxRuleMessages.percent],
      [{ percent: 3 }, 'bands', taxRuleMessages.bandsOrPercent],
      [{ bands: null }, 'bands', taxRuleMessages.bandsOrPercent],
      [{ effective_from: '2026-02-30' }, 'effective_from', '日付'],
      [{ effective_from: '2027-01-01', effective_to: '2026-01-01' }, 'effective_to', taxRuleMessages.dates],
      [{ source_url: 'javascript:alert(1)' }, 'source_url', taxRuleMessages.sourceUrl],
      [{ code: 'other-town', exempt_school_trip: 'yes' }, 'exempt_school_trip', taxRuleMessages.flag],
    ];
    for (const [fields, field, message] of cases) {
      const res = await api.http.send<any>('POST', '/api/tax/jurisdictions', {
        token: api.admin,
        json: { ...newRule, code: 'bad-town', ...fields },
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expectFieldMessage(res.body, field, message);
    }
    expect(await ruleCount()).toBe(before);
  });

  it('staff read the rules but may not write them (403)', async () => {
    const res = await api.http.send<any>('POST', '/api/tax/jurisdictions', {
      token: api.staff,
      json: { ...newRule, code: 'staff-town' },
    });
    expect(res.status).toBe(403);
    const { rules } = taxRuleListSchema.parse(
      (await api.http.send<any>('GET', '/api/tax/jurisdictions', { token: api.admin })).body,
    );
    const patch = await api.http.send<any>('PATCH', `/api/tax/jurisdictions/${rules[0]!.id}`, {
      token: api.staff,
      json: { name: 'x' },
    });
    expect(patch.status).toBe(403);
  });
});

describe("a facility's tax settings and a booking's taxes", () => {
  it('the demo ryokan in Atami collects 宿泊税 and 入湯税; an administrator changes them, which the audit keeps', async () => {
    const res = await api.http.send<any>('GET', settingsPath(0), { token: api.staff });
    expect(res.status).toBe(200);
    expect(taxSettingsSchema.parse(res.body)).toEqual({
      jurisdictions: ['atami'],
      bathing_tax: { enabled: true, rate: 150, day_rate: 75 },
      collection: 'separate',
    });
    const none = taxSettingsSchema.parse((await api.http.send<any>('GET', settingsPath(1), { token: api.admin })).body);
    expect(none).toMatchObject({ jurisdictions: [], bathing_tax: { enabled: false } });
    const changed = await patchSettings(0, { jurisdictions: ['atami', 'tokyo'], bathing_tax: { day_rate: 70 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({
      jurisdictions: ['atami', 'tokyo'],
      bathing_tax: { enabled: true, rate: 150, day_rate: 70 },
      collection: 'separate',
    });
    const [row] = await api.rows<{ changes: any }>(
      sql`select changes from audit_log where target_type = 'tax_settings' order by id desc limit 1`,
    );
    expect(row!.changes.jurisdictions).toEqual({ from: 'atami', to: 'atami,tokyo' });
    expect(row!.changes['bathing_tax.day_rate']).toEqual({ from: 75, to: 70 });
    expect((await patchSettings(0, { jurisdictions: ['atami'], bathing_tax: { day_rate: 75 } })).status).toBe(200);
  });

  it('2 adults and a child of 8 for 2 nights: 入湯税 600, 宿泊税 800 (the child exempt in Atami)', async () => {
    const start = addDays(tokyoToday(), 300);
    const booking = await book(0, {
      start_date: start,
      days: 2,
      person_number: 3,
      children_under_12: 1,
      price_sub: 66_000,
    });
    const res = await taxesOf(booking.id, api.staff);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const taxes = taxLinesSchema.parse(res.body);
    const bathing = taxes.lines.filter((l) => l.kind === 'bathing');
    const accommodation = taxes.lines.filter((l) => l.kind === 'accommodation');
    expect(bathing.map((l) => [l.date, l.guests, l.amount])).toEqual([
      [start, 2, 300],
      [addDays(start, 1), 2, 300],
    ]);
    // 66,000 over 2 nights and 3 guests, without its 10 %: 10,000 a person a night.
    expect(accommodation.map((l) => [l.jurisdiction, l.base_per_person, l.guests, l.amount])).toEqual([
      ['atami', 10_000, 2, 400],
      ['atami', 10_000, 2, 400],
    ]);
    expect(taxes.total).toBe(1_400);
  });

  it("the plan's meals are left out of the base; a school trip owes nothing; a cancelled booking has no taxes", async () => {
    await patchSettings(0, { jurisdictions: ['kyoto-city'], bathing_tax: { enabled: false } });
    const [plan] = await api.rows<{ id: number; room_id: number }>(sql`
      select p.id, rp.room_id from plans p join room_plans rp on rp.plan_id = p.id
      where p.accommodation_id = ${api.accommodations[0]!.id} and p.max_num >= 2 order by p.id limit 1`);
    // Kyoto's example: 1泊2食 57,200 for two, the meals 11,000 a person (10,000 without tax) -> base 16,000.
    await api.rows(sql`update plans set meal_price = 11000 where id = ${plan!.id}`);
    const booking = await book(0, { start_date: '2026-03-15', price_sub: 57_200 });
    await api.rows(sql`update bookings set plan_id = ${plan!.id} where id = ${booking.id}`);
    const taxes = taxLinesSchema.parse((await taxesOf(booking.id)).body);
    expect(taxes.lines.map((l) => [l.base_per_person, l.amount_per_person, l.amount])).toEqual([[16_000, 400, 800]]);

    const trip = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, {
      token: api.admin,
      json: { school_trip: true },
    });
    expect(trip.status, JSON.stringify(trip.body)).toBe(200);
    expect(taxLinesSchema.parse((await taxesOf(booking.id)).body).total).toBe(0);

    const cancelled = await api.http.send('DELETE', `/api/admin/books/${booking.id}`, { token: api.admin });
    expect(cancelled.status).toBeLessThan(300);
    expect(taxLinesSchema.parse((await taxesOf(booking.id)).body)).toEqual({
      lines: [],
      total: 0,
      collection: 'separate',
    });
  });

  it('refuses children beyond the guests on create and on update, and writes nothing', async () => {
    const accommodation = api.accommodations[0]!;
    const [room] = await api.rows<{ id: number }>(
      sql`select id from rooms where accommodation_id = ${accommodation.id} order by max_num desc limit 1`,
    );
    const res = await api.http.send<any>('POST', '/api/admin/books', {
      token: api.admin,
      json: {
        accommodation_id: accommodation.id,
        room_id: room!.id,
        start_date: addDays(tokyoToday(), 320),
        days: 1,
        person_number: 2,
        price: 0,
        price_sub: 10_000,
        name: '子ども 多い',
        children_under_12: 3,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.children_under_12).toBe(bookingCreateMessages.children);
    const booking = await book(0, { start_date: addDays(tokyoToday(), 321), children_under_12: 2 });
    for (const json of [
      { children_under_12: 3 },
      { person_number: 1 },
      { children_under_12: -1 },
      { school_trip: 'yes' },
    ]) {
      const bad = await api.http.send<any>('PATCH', `/api/admin/books/${booking.id}`, { token: api.admin, json });
      expect(bad.status, JSON.stringify(json)).toBe(400);
    }
    const [stored] = await api.rows<{ children_under_12: number; person_number: number }>(
      sql`select children_under_12, person_number from bookings where id = ${booking.id}`,
    );
    expect(stored).toEqual({ children_under_12: 2, person_number: 2 });
  });

  it('refuses bad settings in Japanese, staff changes (403) and another facility (404)', async () => {
    const before = taxSettingsSchema.parse(
      (await api.http.send<any>('GET', settingsPath(0), { token: api.admin })).body,
    );
    const cases: [unknown, string, string][] = [
      [{ jurisdictions: ['nowhere'] }, 'jurisdictions', taxRuleMessages.unknownJurisdiction],
      [{ jurisdictions: ['tokyo', 'tokyo'] }, 'jurisdictions', taxMessages.jurisdictionsTwice],
      [{ jurisdictions: 'tokyo' }, 'jurisdictions', taxMessages.jurisdictions],
      [{ bathing_tax: { rate: -1 } }, 'bathing_tax.rate', taxMessages.rate],
      [{ bathing_tax: { rate: 1.5 } }, 'bathing_tax.rate', taxMessages.rate],
      [{ collection: 'sometimes' }, 'collection', taxMessages.collection],
    ];
    for (const [json, field, message] of cases) {
      const res = await patchSettings(0, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expectFieldMessage(res.body, field, message);
    }
    expect((await patchSettings(0, { collection: 'included' }, api.staff)).status).toBe(403);
    expect((await api.http.send('GET', settingsPath(1), { token: api.staff })).status).toBe(404);
    const after = taxSettingsSchema.parse(
      (await api.http.send<any>('GET', settingsPath(0), { token: api.admin })).body,
    );
    expect(after).toEqual(before);
  });

  it("another facility's booking is 404 to staff", async () => {
    const booking = await book(1, { start_date: addDays(tokyoToday(), 330) });
    expect((await taxesOf(booking.id, api.staff)).status).toBe(404);
  });
});

describe('the quote refuses bad input in Japanese', () => {
  it.each([
    [{ guests: 0 }, taxMessages.guests],
    [{ guests: 1.5 }, taxMessages.guests],
    [{ nights: [] }, taxMessages.nights],
    [{ nights: [{ date: '2026-02-30', base_per_person: 1 }] }, '日付'],
    [{ nights: [{ date: '2026-03-01', base_per_person: -1 }] }, taxMessages.base],
    [{ children_under_12: 3, guests: 2 }, taxMessages.children],
    [{ jurisdictions: ['nowhere'] }, taxRuleMessages.unknownJurisdiction],
    [{ school_trip: 1 }, taxMessages.flag],
  ])('%j', async (fields, message) => {
    const res = await quote({
      jurisdictions: ['tokyo'],
      nights: [{ date: '2026-03-01', base_per_person: 12_000 }],
      guests: 2,
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
  });
});
