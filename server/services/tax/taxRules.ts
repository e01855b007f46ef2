import {
  spansOverlap,
  taxRuleMessages,
  taxRuleProblem,
  type TaxRule,
  type TaxRuleInput,
  type TaxRulePatch,
} from '../../../contract/taxRule';
import type { Db, Tx } from '../../db/client';
import * as q from '../../db/queries/tax';
import { conflict, fieldError, notFound } from '../../errors';
import { audit } from '../audit';
import { refreshCompanyTaxDue } from './taxDue';
import type { CurrentUser } from '../auth';
import { definedOnly } from '../patch';
import { SHIPPED_RULES } from './shippedRules';

/**
 * Copies to every company the shipped rules it does not hold yet (on start, and when a company is
 * created); answers how many rows were added.
 */
export function ensureShippedRules(db: Db | Tx): Promise<number> {
  return q.insertShippedRules(db, SHIPPED_RULES);
}

const inputOf = (rule: TaxRule): TaxRuleInput => ({
  code: rule.code,
  name: rule.name,
  effective_from: rule.effective_from,
  effective_to: rule.effective_to,
  bands: rule.bands,
  percent: rule.percent,
  cap: rule.cap,
  exempt_school_trip: rule.exempt_school_trip,
  exempt_under_12: rule.exempt_under_12,
  note: rule.note,
  source_url: rule.source_url,
});

/**
 * A company's 宿泊税 rules (GET /tax/jurisdictions for anyone signed in; POST and PATCH for
 * administrators, the route says so). Rules of one jurisdiction never share a night: each write
 * checks the others under the company's lock and answers 409 otherwise. Every write is audited.
 */
export class TaxRuleService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser) {
    return { rules: await q.listTaxRules(this.db, user.companyId) };
  }

  async create(user: CurrentUser, input: TaxRuleInput): Promise<TaxRule> {
    return this.db.transaction(async (tx) => {
      await q.lockCompany(tx, user.companyId);
      await assertNoOverlap(tx, user.companyId, input, null);
      const id = await q.insertTaxRule(tx, user.companyId, input);
      await refreshCompanyTaxDue(tx, user.companyId);
      await audit(tx, user, { action: 'create', target: 'tax_rule', targetId: id, before: null, after: input });
      return (await q.findTaxRule(tx, user.companyId, id))!;
    });
  }

  async update(user: CurrentUser, id: number, patch: TaxRulePatch): Promise<TaxRule> {
    return this.db.transaction(async (tx) => {
      await q.lockCompany(tx, user.companyId);
      const current = await q.findTaxRule(tx, user.companyId, id);
      if (!current) throw notFound();
      const before = inputOf(current);
      const after: TaxRuleInput = { ...before, ...definedOnly(patch) };
      const problem = taxRuleProblem(after);
      if (problem) throw fieldError(problem.field, problem.message);
      await assertNoOverlap(tx, user.companyId, after, id);
      await q.updateTaxRule(tx, id, after);
      await refreshCompanyTaxDue(tx, user.companyId);
      await audit(tx, user, { action: 'update', target: 'tax_rule', targetId: id, before, after });
      return (await q.findTaxRule(tx, user.companyId, id))!;
    });
  }
}

async function assertNoOverlap(tx: Tx, companyId: number, rule: TaxRuleInput, id: number | null) {
  const others = (await q.listTaxRules(tx, companyId)).filter((r) => r.code === rule.code && r.id !== id);
  if (others.some((r) => spansOverlap(r, rule))) {
    throw conflict(taxRuleMessages.overlap, { effective_from: taxRuleMessages.overlap });
  }
}
