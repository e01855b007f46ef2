import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  taxLedgerFileNames,
  taxLedgerQuery,
  taxLedgerSchema,
  taxMonthQuery,
  taxMonthSchema,
} from '../../../contract/taxLedger';
import { taxLedger, taxLedgerCsv, taxLedgerPdf, taxMonth } from '../../services/tax/taxLedger';
import { sendCsvFile, sendPdfFile } from '../download';
import { apiPaths } from '../../../contract/apiPaths';
import { invoiceSettingsPatchSchema, invoiceSettingsSchema } from '../../../contract/consumptionTax';
import { idParams } from '../../../contract/params';
import { dailyReportFileNames, dailyReportQuery, dailyReportSchema } from '../../../contract/dailyReport';
import { lastOfMonth } from '../../../contract/dates';
import { dailyReport, dailyReportCsv, dailyReportPdf } from '../../services/tax/dailyReport';
import { taxLinesSchema, taxQuoteSchema, taxSettingsPatchSchema, taxSettingsSchema } from '../../../contract/tax';
import { taxRuleCreateSchema, taxRuleListSchema, taxRulePatchSchema, taxRuleSchema } from '../../../contract/taxRule';
import type { AppContext } from '../../context';
import { userOf } from '../../plugins/access';
import { InvoiceSettingsService } from '../../services/tax/invoiceSettings';
import { TaxService } from '../../services/tax/taxes';
import { DayVisitService } from '../../services/tax/dayVisits';
import {
  dayVisitInputSchema,
  dayVisitParams,
  dayVisitSchema,
  dayVisitsQuery,
  dayVisitsSchema,
} from '../../../contract/dayVisit';
import { TaxRuleService } from '../../services/tax/taxRules';
import { errorAnswers } from '../errorAnswers';
import { settingsRoutes } from '../settingsRoutes';

const tags = ['taxes and invoices'];

/**
 * 宿泊税 and 入湯税, and the company's invoice settings (issue 31): the company's rules by
 * jurisdiction, a quote for any nights, a facility's tax settings, a booking's taxes.
 */
const taxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const rules = new TaxRuleService(ctx.db);
  const taxes = new TaxService(ctx.db);
  const invoice = new InvoiceSettingsService(ctx.db);
  const dayVisits = new DayVisitService(ctx.db);

  app.get(
    apiPaths.taxRules,
    {
      schema: {
        summary:
          "The company's 宿泊税 rules by jurisdiction: bands or a percentage, the nights they apply to, exemptions, source",
        tags,
        response: { 200: taxRuleListSchema, ...errorAnswers(401) },
      },
    },
    async (request) => rules.list(userOf(request)),
  );

  app.post(
    apiPaths.taxRules,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Add a rule (administrators); 409 when it shares a night with another rule of its jurisdiction',
        tags,
        body: taxRuleCreateSchema,
        response: { 201: taxRuleSchema, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await rules.create(userOf(request), request.body)),
  );

  app.patch(
    apiPaths.taxRule,
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Correct a rule (administrators): any field but its code; checked whole, audited',
        tags,
        params: idParams,
        body: taxRulePatchSchema,
        response: { 200: taxRuleSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => rules.update(userOf(request), request.params.id, request.body),
  );

  app.post(
    apiPaths.taxQuote,
    {
      schema: {
        summary: "The taxes of any nights under the company's rules (a line per night and jurisdiction, and the total)",
        tags,
        body: taxQuoteSchema,
        response: { 200: taxLinesSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => taxes.quote(userOf(request), request.body),
  );

  settingsRoutes(app, {
    path: apiPaths.taxSettings,
    tags,
    schema: taxSettingsSchema,
    patch: taxSettingsPatchSchema,
    scope: 'facility',
    summaries: {
      get: "A facility's tax settings: its jurisdictions, 入湯税, and whether the taxes are added to the bill",
      update: 'Change the tax settings (administrators); bathing_tax names only what it changes',
    },
    read: (user, id) => taxes.settings(user, id),
    update: (user, id, body) => taxes.updateSettings(user, id, body),
  });

  app.get(
    apiPaths.bookTaxes,
    {
      schema: {
        summary:
          "A booking's 宿泊税 and 入湯税: a line per night and tax, and the total (none for a cancelled booking)",
        tags,
        params: idParams,
        response: { 200: taxLinesSchema, ...errorAnswers(401, 404) },
      },
    },
    async (request) => taxes.bookingTaxes(userOf(request), request.params.id),
  );

  app.get(
    apiPaths.dayVisits,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary:
          "A facility's day visitors to its baths (日帰り入浴) recorded in a month, with the day rate and their 入湯税",
        tags,
        params: idParams,
        querystring: dayVisitsQuery,
        response: { 200: dayVisitsSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => dayVisits.month(userOf(request), request.params.id, request.query.month),
  );

  app.put(
    apiPaths.dayVisit,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary: "Records a day's day visitors: taxed, under 12 and on a school trip (all 0 removes the day); audited",
        tags,
        params: dayVisitParams,
        body: dayVisitInputSchema,
        response: { 200: dayVisitSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) => dayVisits.put(userOf(request), request.params.id, request.params.date, request.body),
  );

  app.get(
    apiPaths.taxLedger,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary:
          "A facility's monthly ledger of 宿泊税 or 入湯税 (月計表): guest-nights and tax per jurisdiction and amount, the exempt guest-nights by reason, the total to file (format=csv: UTF-8 with BOM; format=pdf: A4)",
        tags,
        params: idParams,
        querystring: taxLedgerQuery,
        response: { 200: taxLedgerSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { month, kind, format } = request.query;
      const ledger = await taxLedger(ctx.db, userOf(request), request.params.id, month, kind);
      if (format === 'csv')
        return sendCsvFile(reply as FastifyReply, taxLedgerCsv(ledger), taxLedgerFileNames(month, kind, 'csv'));
      if (format === 'pdf') {
        const pdf = await taxLedgerPdf(ctx.db, ledger, request.params.id);
        return sendPdfFile(reply as FastifyReply, pdf, taxLedgerFileNames(month, kind, 'pdf'));
      }
      return ledger;
    },
  );

  app.get(
    apiPaths.dailyReport,
    {
      config: { accommodationParam: 'id' },
      schema: {
        summary:
          "A facility's 日計表 (date=) or 月計表 (month=): sales by rate with their tax, taxes collected, payments by pay type, refunds, documents issued (format=csv or pdf)",
        tags,
        params: idParams,
        querystring: dailyReportQuery,
        response: { 200: dailyReportSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { date, month, format } = request.query;
      const from = date ?? `${month}-01`;
      const to = date ?? lastOfMonth(from);
      const report = await dailyReport(ctx.db, userOf(request), request.params.id, from, to);
      const names = (ext: 'csv' | 'pdf') => dailyReportFileNames(from, to, ext);
      if (format === 'csv') return sendCsvFile(reply as FastifyReply, dailyReportCsv(report), names('csv'));
      if (format === 'pdf') {
        return sendPdfFile(
          reply as FastifyReply,
          await dailyReportPdf(ctx.db, report, request.params.id),
          names('pdf'),
        );
      }
      return report;
    },
  );

  app.get(
    apiPaths.taxMonth,
    {
      schema: {
        summary: "This month's (or month's) 宿泊税 and 入湯税 of each facility the user reaches that collects either",
        tags,
        querystring: taxMonthQuery,
        response: { 200: taxMonthSchema, ...errorAnswers(400, 401) },
      },
    },
    async (request) => taxMonth(ctx.db, userOf(request), request.query.month),
  );

  settingsRoutes(app, {
    path: apiPaths.invoiceSettings,
    tags,
    schema: invoiceSettingsSchema,
    patch: invoiceSettingsPatchSchema,
    scope: 'company',
    summaries: {
      get: "The company's invoice settings: registration number, issuer, rounding of each rate's tax",
      update: "Change the invoice settings (administrators); a corporation's number must pass the 法人番号 check digit",
    },
    read: (user) => invoice.get(user),
    update: (user, _id, body) => invoice.update(user, body),
  });
};

export default taxRoutes;
