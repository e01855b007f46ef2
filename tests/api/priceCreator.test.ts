import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { creatorPrices, type PriceRuleSet } from '../../contract/priceRule';
import { isHoliday } from '../../server/services/holidays';
import { ownAndOtherPlans, signedInSuite, storedPrices, type PlanRef } from '../support/fixtures';

const api = signedInSuite();
let own: PlanRef;
let other: PlanRef;

const schedules = (planId: number) => `/api/admin/plans/${planId}/schedules`;
const ruleOf = (planId: number) => `/api/admin/plans/${planId}/price_rule`;
const stored = (planId: number, from: string, to: string) => storedPrices(api, planId, from, to);
const storedRule = async (planId: number) =>
  (await api.rows<{ base_price: number }>(sql`select base_price from price_rule_sets where plan_id = ${planId}`))[0];

// Golden Week 2027: 5/3, 5/4 and 5/5 are holidays, 5/2 (Sunday) is the day before one.
const rule: PriceRuleSet = {
  base_price: 10_000,
  unit_step: [0, 4_000],
  week_step: [0, 0, 0, 0, 0, 1_000, 3_000],
  holiday_step: [2_000, 5_000],
};

beforeAll(async () => {
  ({ own, other } = await ownAndOtherPlans(api));
});

describe('price creator', () => {
  it('opens with the rule the plan was last given (the demo plans have one)', async () => {
    const res = await api.http.get(ruleOf(own.id), api.staff);
    expect(res.status).toBe(200);
    expect(res.body.rule_set.week_step).toHaveLength(7);
    expect(res.body.rule_set.holiday_step).toHaveLength(2);
    expect(res.body.rule_set.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*\+09:00$/);
  });

  it('writes the prices of the rule, holidays included, and keeps the rule for next time', async () => {
    const prices = creatorPrices(rule, '2027-04-30', '2027-05-06', 2, isHoliday);
    const res = await api.http.send<any>('POST', schedules(own.id), {
      token: api.staff,
      json: { prices, rule_set: rule },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 14 });
    const one = (await stored(own.id, '2027-04-30', '2027-05-06')).filter((p) => p.unit === 1);
    expect(one.map((p) => [p.target_date, p.price])).toEqual([
      ['2027-04-30', 11_000], // Friday
      ['2027-05-01', 13_000], // Saturday beats nothing
      ['2027-05-02', 15_000], // Sunday, the day before a holiday
      ['2027-05-03', 12_000], // holiday
      ['2027-05-04', 12_000], // holiday
      ['2027-05-05', 12_000], // holiday (and not the day before one)
      ['2027-05-06', 10_000], // Thursday
    ]);
    const two = await stored(own.id, '2027-05-03', '2027-05-03');
    expect(two.find((p) => p.unit === 2)!.price).toBe(16_000);
    const again = await api.http.get(ruleOf(own.id), api.staff);
    expect(again.body.rule_set).toMatchObject(rule);
  });

  it("refuses prices that are not the rule's, and a rule that does not fit the plan, writing nothing", async () => {
    const before = await storedRule(own.id);
    // The demo prices reach six months ahead: whatever those nights hold now, they keep.
    const pricesBefore = await stored(own.id, '2027-06-01', '2027-06-03');
    const prices = creatorPrices(rule, '2027-06-01', '2027-06-03', 2, isHoliday);
    prices[3]!.price += 1;
    const off = await api.http.send<any>('POST', schedules(own.id), {
      token: api.admin,
      json: { prices, rule_set: rule },
    });
    expect(off.status).toBe(400);
    expect(off.body.errors['prices.3.price']).toBe('2027-06-02（2人）の料金が料金ルールの計算と一致しません');
    const wide = { ...rule, unit_step: Array.from({ length: own.max_num + 1 }, () => 0) };
    const tooWide = await api.http.send<any>('POST', schedules(own.id), {
      token: api.admin,
      json: { prices: creatorPrices(wide, '2027-06-01', '2027-06-01', 1, isHoliday), rule_set: wide },
    });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.errors['rule_set.unit_step']).toBe(
      `人数の加算額はプランの最大人数（${own.max_num}人）までです`,
    );
    const bad: [Partial<PriceRuleSet>, string][] = [
      [{ week_step: [0, 0, 0, 0, 0, 0] }, '曜日の加算額は月曜から日曜までの7つを入力してください'],
      [{ holiday_step: [0] }, '祝日の加算額は祝日と祝前日の2つを入力してください'],
      [{ week_step: [0, 0, 0, 0, 0, 0, -1] }, '加算額は0以上10,000,000円以下の整数で入力してください'],
      [{ base_price: -1 }, '基本料金は0以上の整数（円）で入力してください'],
    ];
    for (const [change, message] of bad) {
      const res = await api.http.send<any>('POST', schedules(own.id), {
        token: api.admin,
        json: { prices: [{ target_date: '2027-06-01', unit: 1, price: 10_000 }], rule_set: { ...rule, ...change } },
      });
      expect(res.status, message).toBe(400);
      expect(Object.values(res.body.errors)).toContain(message);
    }
    expect(await stored(own.id, '2027-06-01', '2027-06-03')).toEqual(pricesBefore);
    expect(await storedRule(own.id)).toEqual(before);
  });

  it('answers 404 for a plan staff may not reach, and 401 without a session', async () => {
    expect((await api.http.get(ruleOf(other.id), api.staff)).status).toBe(404);
    const post = await api.http.send<any>('POST', schedules(other.id), {
      token: api.staff,
      json: { prices: creatorPrices(rule, '2027-06-01', '2027-06-01', 1, isHoliday), rule_set: rule },
    });
    expect(post.status).toBe(404);
    expect((await api.http.get(ruleOf(other.id))).status).toBe(401);
    expect((await api.http.get(ruleOf(999_999), api.admin)).status).toBe(404);
    expect((await api.http.get(ruleOf(other.id), api.admin)).status).toBe(200);
  });
});
