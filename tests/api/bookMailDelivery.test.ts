import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, tokyoToday } from '../../contract/dates';
import { sqlRows } from '../../server/db/client';
import type { SmtpSink } from '../../tools/smtpSink';
import { startWithSmtpSink, type WithSmtpSink } from '../support/smtpSinkServer';
import type { TestServer } from '../support/testServer';
import { bookFirstFreeNight } from '../support/fixtures';

/** A booking's mail over a real SMTP server started in the test process (SMTP_URL set). */
let api: WithSmtpSink | undefined;
let sink: SmtpSink;
let server: TestServer;
let http: WithSmtpSink['http'];
let admin: string;

beforeAll(async () => {
  api = await startWithSmtpSink();
  ({ sink, server, http, admin } = api);
});
afterAll(() => api?.close());

describe('booking mail delivered over SMTP', () => {
  it('delivers the booking-completed mail once, in Japanese, and the history says 送信済み', async () => {
    const accommodationId = (await http.get('/api/accommodations', admin)).body.accommodations[0].id as number;
    const [room] = await sqlRows<{ room_id: number; plan_id: number }>(
      server.database.db,
      sql`select r.id as room_id, p.id as plan_id from rooms r join room_plans rp on rp.room_id = r.id
        join plans p on p.id = rp.plan_id where r.accommodation_id = ${accommodationId} and p.max_num >= 2
        order by r.max_num desc, r.id, p.id limit 1`,
    );
    const booking = await bookFirstFreeNight<any>(http, admin, addDays(tokyoToday(), 50), {
      accommodation_id: accommodationId,
      ...room,
      name: '配信 花子',
      mail: 'hanako@example.org',
    });
    await sink.waitForCount(1, 10_000);
    const [template] = await sqlRows<{ title: string; from_name: string; from_address: string }>(
      server.database.db,
      sql`select title, from_name, from_address from mail_templates where accommodation_id = ${accommodationId}
        and send_type = 1 order by id limit 1`,
    );
    expect(sink.messages[0]!.to).toEqual(['hanako@example.org']);
    const parsed = await sink.parsed(0);
    expect(parsed.subject).toBe(template!.title);
    expect(parsed.from).toMatchObject({ name: template!.from_name, address: template!.from_address });
    expect(parsed.text).toContain('配信 花子 様');
    expect(parsed.text).toContain(
      `${Number(booking.start_date.slice(5, 7))}月${Number(booking.start_date.slice(8, 10))}日`,
    );

    let items: any[] = [];
    for (let i = 0; i < 50; i++) {
      items = (await http.get(`/api/admin/books/${booking.id}/mail`, admin)).body.items;
      if (items[0]?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'sent', status_label: '送信済み', sent_at: expect.any(String) });
    expect(sink.messages).toHaveLength(1);
  });
});
