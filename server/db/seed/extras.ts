import { channelLogMessages } from '../../channel/inbound/apply';
import { enqueueFullResync } from '../queries/channel/changes';
import { and, asc, inArray, isNotNull } from 'drizzle-orm';
import { sealPassword } from '../../channel/wire/credentials';
import { demoHotels } from '../../../tools/channelSim/demoHotels';
import type { Tx } from '../client';
import {
  calendarComments,
  mailMessages,
  mailPublications,
  pettyCashEntries,
  plans,
  receivedMails,
  rooms,
  syncChecks,
  syncItems,
  syncLogs,
  syncSettings,
  timesheetEntries,
  timesheetGroups,
} from '../schema';
import { CALENDAR_COMMENTS, PETTY_CASH_USES, SENDER_ADDRESSES } from './fixtures';
import {
  addDays,
  addMonths,
  dateRange,
  firstOfMonth,
  lastOfMonth,
  maxDate,
  tokyoInstant,
  type Clock,
  type Rng,
} from './util';

/** The smaller demo records around the bookings: cash, shifts, sync, comments, inbox, bulk mail. */

export interface ExtrasContext {
  tx: Tx;
  rng: Rng;
  /** Seals the demo channel passwords (the key the server reads). */
  channelKey: Buffer;
  clock: Clock;
  today: string;
  companyId: number;
  accommodationIds: number[];
  adminId: number;
  /** Staff users with their granted accommodations, in the order created. */
  staff: { id: number; accommodationIds: number[] }[];
  /** First accommodation's rooms and plans (for the channel sync demo). */
  firstRooms: { id: number; name: string }[];
  firstPlans: { id: number; name: string; ikyuId: string | null }[];
  overbooked: { bookId: number; roomId: number; date: string; createdAt: Date };
  /** Guests with a mail and one of their bookings (for the inbox and bulk mail). */
  guests: { mail: string; name: string; bookId: number; accommodationId: number }[];
}

export async function seedExtras(c: ExtrasContext): Promise<void> {
  const { tx, rng, today, clock } = c;

  // Petty cash, last month to next (the screen opens on next month, spec 9): a float on the first of
  // last month, a top-up on the first of this month and of next, small outgoings in between.
  const cash: (typeof pettyCashEntries.$inferInsert)[] = [];
  for (const accommodationId of c.accommodationIds) {
    const users = [c.adminId, ...c.staff.filter((s) => s.accommodationIds.includes(accommodationId)).map((s) => s.id)];
    const months = [-1, 0, 1].map((offset) => firstOfMonth(addMonths(today, offset)));
    months.forEach((first, n) => {
      cash.push({
        accommodationId,
        userId: c.adminId,
        paidDate: first,
        amount: n === 0 ? 50_000 : 30_000,
        intendedUse: '小口現金 補充',
        createdAt: clock.at(first, 9),
      });
      const days = dateRange(addDays(first, 1), lastOfMonth(first));
      const dates = Array.from({ length: rng.int(4, 6) }, () => rng.pick(days)).sort();
      for (const paidDate of dates) {
        const [use, min, max] = rng.pick(PETTY_CASH_USES);
        cash.push({
          accommodationId,
          userId: rng.pick(users),
          paidDate,
          amount: -Math.round(rng.int(min, max) / 10) * 10,
          intendedUse: use,
          createdAt: clock.at(paidDate, rng.int(9, 19), rng.int(0, 59)),
        });
      }
    });
  }
  await tx.insert(pettyCashEntries).values(cash);

  // One shift group open for registration, covering next month; the last staff user has not entered anything yet.
  const start = firstOfMonth(addMonths(today, 1));
  const end = lastOfMonth(start);
  const [group] = await tx
    .insert(timesheetGroups)
    .values({
      companyId: c.companyId,
      startDate: start,
      endDate: end,
      endAt: maxDate(addDays(start, -5), addDays(today, 1)),
      releaseFlg: 0,
    })
    .returning({ id: timesheetGroups.id });
  const entries: (typeof timesheetEntries.$inferInsert)[] = [];
  for (const member of c.staff.slice(0, -1)) {
    for (const targetDate of dateRange(start, end)) {
      if (!rng.chance(0.35)) continue;
      entries.push({
        groupId: group!.id,
        userId: member.id,
        targetDate,
        accommodationId: rng.pick(member.accommodationIds),
        note: rng.chance(0.15) ? '午後のみ' : null,
      });
    }
  }
  if (entries.length) await tx.insert(timesheetEntries).values(entries);

  // One released group covering this month: every member of staff marked some days (a fixed
  // pattern, so the demo's random draws stay as they were) and each facility's day has one of them
  // assigned, so that each member of staff sees their own shifts (自分のシフト).
  const thisStart = firstOfMonth(today);
  const thisEnd = lastOfMonth(thisStart);
  const [releasedGroup] = await tx
    .insert(timesheetGroups)
    .values({
      companyId: c.companyId,
      startDate: thisStart,
      endDate: thisEnd,
      endAt: addDays(thisStart, -5),
      releaseFlg: 1,
    })
    .returning({ id: timesheetGroups.id });
  const releasedEntries: (typeof timesheetEntries.$inferInsert)[] = [];
  const assignedSlots = new Set<string>();
  dateRange(thisStart, thisEnd).forEach((targetDate, day) => {
    c.staff.forEach((member, m) => {
      if ((day + m) % 3 === 0) return;
      const accommodationId = member.accommodationIds[(day + m) % member.accommodationIds.length]!;
      const slot = `${targetDate}/${accommodationId}`;
      const assigned = assignedSlots.has(slot) ? 0 : 1;
      assignedSlots.add(slot);
      releasedEntries.push({ groupId: releasedGroup!.id, userId: member.id, targetDate, accommodationId, assigned });
    });
  });
  if (releasedEntries.length) await tx.insert(timesheetEntries).values(releasedEntries);

  // External channel (service 1): every facility points at its hotel on the simulator
  // (docs/channel.md), the password sealed with the key the server will read (seedDemo's channelKey).
  const key = c.channelKey;
  await tx.insert(syncSettings).values(
    c.accommodationIds.slice(0, demoHotels.length).map((accommodationId, i) => ({
      accommodationId,
      tag: 'ikyu',
      mailTo: 'sync-alert@yadoban.example.com',
      serviceId: 1,
      params: {
        accommodation_id: demoHotels[i]!.hotelId,
        id: demoHotels[i]!.loginId,
        password: sealPassword(key, demoHotels[i]!.password),
      },
    })),
  );
  // Every room type is named on the site by a short code (its room_code); every plan with an
  // ikyu_id (its plan_code) by its own name.
  const channelRooms = await tx
    .select({ id: rooms.id, accommodationId: rooms.accommodationId })
    .from(rooms)
    .where(inArray(rooms.accommodationId, c.accommodationIds))
    .orderBy(asc(rooms.id));
  const channelPlans = await tx
    .select({ id: plans.id, accommodationId: plans.accommodationId, name: plans.name })
    .from(plans)
    .where(and(inArray(plans.accommodationId, c.accommodationIds), isNotNull(plans.ikyuId)))
    .orderBy(asc(plans.id));
  await tx.insert(syncItems).values([
    ...channelRooms.map((r) => ({
      accommodationId: r.accommodationId,
      service: 1,
      targetType: 1,
      targetId: r.id,
      targetName: `R${r.id}`,
    })),
    ...channelPlans.map((p) => ({
      accommodationId: p.accommodationId,
      service: 1,
      targetType: 2,
      targetId: p.id,
      targetName: p.name,
    })),
  ]);
  // The first push sends a year of every facility's stock and prices (the triggers saw no setting
  // while the bookings went in).
  for (const accommodationId of c.accommodationIds.slice(0, demoHotels.length)) {
    await enqueueFullResync(tx, accommodationId);
  }
  const firstId = c.accommodationIds[0]!;
  const next = firstOfMonth(addMonths(today, 1));
  const year = Number(next.slice(0, 4));
  const month = Number(next.slice(5, 7));
  const monthDays = dateRange(next, lastOfMonth(next));
  await tx.insert(syncChecks).values(
    c.firstRooms.map((r) => {
      const result = monthDays.map((d) => (r.id === c.overbooked.roomId && d === c.overbooked.date ? '1' : '0'));
      return {
        accommodationId: firstId,
        roomId: r.id,
        year,
        month,
        result: result.join(','),
        status: result.includes('1') ? ('ng' as const) : ('ok' as const),
        createdAt: clock.at(today, 5),
      };
    }),
  );
  await tx.insert(syncLogs).values([
    {
      accommodationId: firstId,
      success: 1,
      read: 1,
      message: '在庫を同期しました。',
      createdAt: clock.at(addDays(today, -3), 4),
    },
    {
      accommodationId: firstId,
      success: 1,
      read: 1,
      message: '在庫を同期しました。',
      createdAt: clock.at(addDays(today, -2), 4),
    },
    {
      accommodationId: firstId,
      success: 0,
      read: 1,
      message: '外部予約サイトへの接続がタイムアウトしました。',
      createdAt: clock.at(addDays(today, -1), 4),
    },
    {
      accommodationId: firstId,
      bookId: c.overbooked.bookId,
      success: 0,
      read: 0,
      message: channelLogMessages.overbooked(c.overbooked.date),
      createdAt: c.overbooked.createdAt,
    },
  ]);

  await tx.insert(calendarComments).values(
    CALENDAR_COMMENTS.map((comment, i) => ({
      accommodationId: c.accommodationIds[i % c.accommodationIds.length]!,
      targetDate: i === 0 ? today : addDays(today, rng.int(1, 14)),
      comment,
    })),
  );

  // Inbox of mail nobody could process: one from a known guest (candidates by sender), one
  // already linked to its booking, one from a stranger.
  const [g1, g2] = [c.guests[0], c.guests[1] ?? c.guests[0]];
  const raw = (from: string, subject: string, body: string) =>
    `From: ${from}\r\nTo: ${SENDER_ADDRESSES[1]}\r\nSubject: ${subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`;
  const inbox: (typeof receivedMails.$inferInsert)[] = [];
  if (g1) {
    const body = `${g1.name}です。\n子ども用の浴衣はありますか？\nよろしくお願いします。`;
    inbox.push({
      companyId: c.companyId,
      fromAddress: g1.mail,
      title: 'Re: ご予約ありがとうございます',
      body,
      raw: raw(g1.mail, 'Re: ご予約ありがとうございます', body),
      messageId: `<demo-1-${rng.hex(8)}@example.com>`,
      createdAt: clock.at(addDays(today, -1), 21, 14),
    });
  }
  if (g2) {
    const body = '到着が21時頃になりそうです。夕食は不要です。';
    inbox.push({
      companyId: c.companyId,
      accommodationId: g2.accommodationId,
      bookId: g2.bookId,
      fromAddress: g2.mail,
      title: '到着時間の変更',
      body,
      raw: raw(g2.mail, '到着時間の変更', body),
      messageId: `<demo-2-${rng.hex(8)}@example.com>`,
      createdAt: clock.at(today, 8, 3),
    });
  }
  const strangerBody = '来月の平日に10名で宿泊を検討しています。空き状況を教えてください。';
  inbox.push({
    companyId: c.companyId,
    fromAddress: 'kanji.group@example.org',
    title: '団体予約のお問い合わせ',
    body: strangerBody,
    raw: raw('kanji.group@example.org', '団体予約のお問い合わせ', strangerBody),
    messageId: `<demo-3-${rng.hex(8)}@example.org>`,
    createdAt: clock.at(addDays(today, -2), 10, 45),
  });
  await tx.insert(receivedMails).values(inbox);

  // Bulk mail: one sent last month, one scheduled for next week, each with its outbox rows (one per
  // recipient): the sent one's delivered, the next one's waiting for its send time.
  const guests = c.guests.slice(0, 6);
  const users = guests.map((g) => ({ mail: g.mail, name: g.name }));
  const sentOn = addDays(today, -20);
  const publications = await tx
    .insert(mailPublications)
    .values([
      {
        companyId: c.companyId,
        sendAt: clock.at(sentOn, 10),
        sentAt: clock.at(sentOn, 10, 1),
        setting: {
          title: '【やどばん】秋の早割キャンペーンのお知らせ',
          from_address: SENDER_ADDRESSES[0],
          body: '平素より格別のご愛顧を賜り、誠にありがとうございます。\n期間限定の早割キャンペーンをご案内いたします。',
          users,
          file_name: null,
        },
        recipientCount: users.length,
        createdBy: c.adminId,
        createdAt: clock.at(addDays(sentOn, -2), 15),
      },
      {
        companyId: c.companyId,
        // In the future: the clock caps instants at now, which would send it at once.
        sendAt: tokyoInstant(addDays(today, 7), 10),
        setting: {
          title: '【やどばん】年末年始の営業のご案内',
          from_address: SENDER_ADDRESSES[0],
          body: '年末年始の営業日とご予約受付についてご案内いたします。',
          users: users.slice(0, 3),
          file_name: null,
        },
        recipientCount: Math.min(3, users.length),
        createdBy: c.adminId,
      },
    ])
    .returning();
  await tx.insert(mailMessages).values(
    publications.flatMap((p) =>
      (p.setting.users as { mail: string; name: string }[]).map((u, i) => ({
        companyId: c.companyId,
        publicationId: p.id,
        messageId: `<demo-publication-${p.id}-${i}@yadoban.invalid>`,
        dedupeKey: `publication:${p.id}:${u.mail.toLowerCase()}`,
        toAddress: u.mail,
        toName: u.name,
        fromAddress: p.setting.from_address,
        title: p.setting.title,
        body: `${u.name} 様\n\n${p.setting.body}`,
        status: p.sentAt ? ('sent' as const) : ('queued' as const),
        attempts: p.sentAt ? 1 : 0,
        nextAttemptAt: p.sendAt,
        smtpReply: p.sentAt ? '250 2.0.0 OK (demo)' : null,
        sentAt: p.sentAt,
        createdBy: c.adminId,
        createdAt: p.createdAt,
      })),
    ),
  );
}
