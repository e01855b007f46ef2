import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { invoiceMessages, invoiceSettingsSchema } from '../../contract/consumptionTax';
import { signedInSuite } from '../support/fixtures';

const api = signedInSuite();
const PATH = '/api/company/invoice-settings';
const patch = (json: unknown, token = api.admin) => api.http.send<any>('PATCH', PATH, { token, json });
const read = async () =>
  invoiceSettingsSchema.parse((await api.http.send<any>('GET', PATH, { token: api.admin })).body);

describe('the company’s invoice settings /api/company/invoice-settings', () => {
  it('saves a corporation’s registration number and issuer; staff read them; the audit keeps the change', async () => {
    expect(await read()).toMatchObject({ registration_number: 'T7123456789012', corporate: true, rounding: 'floor' });
    const atami = {
      registration_number: 'T8000000000001',
      corporate: true,
      issuer_name: '株式会社やどばん 熱海',
      issuer_address: '静岡県熱海市1-2-3',
      issuer_tel: '0557-00-0000',
      rounding: 'round',
    };
    const res = await patch(atami);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const staffView = await api.http.send<any>('GET', PATH, { token: api.staff });
    expect(staffView.status).toBe(200);
    expect(invoiceSettingsSchema.parse(staffView.body)).toEqual(atami);
    const [row] = await api.rows<{ changes: any }>(
      sql`select changes from audit_log where target_type = 'invoice_settings' order by id desc limit 1`,
    );
    expect(row!.changes.registration_number).toEqual({ from: 'T7123456789012', to: 'T8000000000001' });
  });

  it('refuses a corporation’s number whose check digit fails, and any bad field, writing nothing', async () => {
    const before = await read();
    const cases: [unknown, string, string][] = [
      [{ registration_number: 'T1123456789012' }, 'registration_number', invoiceMessages.checkDigit],
      [{ registration_number: '7123456789012' }, 'registration_number', invoiceMessages.registrationNumber],
      [{ registration_number: 'T71234567890' }, 'registration_number', invoiceMessages.registrationNumber],
      [{ registration_number: 12345 }, 'registration_number', invoiceMessages.registrationNumber],
      [{ rounding: 'bankers' }, 'rounding', invoiceMessages.rounding],
      [{ issuer_tel: '03-1234-5678 内線' }, 'issuer_tel', invoiceMessages.issuerTel],
      [{ issuer_name: 'a'.repeat(101) }, 'issuer_name', invoiceMessages.issuerNameTooLong],
      [{ issuer_address: '住所\u0000' }, 'issuer_address', '使用できない文字'],
      [{ corporate: 'yes' }, 'corporate', invoiceMessages.flag],
    ];
    for (const [json, field, message] of cases) {
      const res = await patch(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.errors?.[field] ?? '', JSON.stringify(json)).toContain(message);
    }
    expect(await read()).toEqual(before);
  });

  it('an individual may hold a number without the corporate check digit; turning corporate again is refused', async () => {
    const res = await patch({ corporate: false, registration_number: 'T1123456789012' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const back = await patch({ corporate: true });
    expect(back.status).toBe(400);
    expect(back.body.errors.registration_number).toBe(invoiceMessages.checkDigit);
    expect((await read()).corporate).toBe(false);
  });

  it('an empty number clears it; staff may not change the settings (403)', async () => {
    const res = await patch({ registration_number: '' });
    expect(res.status).toBe(200);
    expect(res.body.registration_number).toBeNull();
    expect((await patch({ rounding: 'ceil' }, api.staff)).status).toBe(403);
  });
});
