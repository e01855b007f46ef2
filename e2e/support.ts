import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { baseURL, E2E_MAIL_DIR } from '../playwright.config';
import { addDays } from '../contract/dates';
import { passwordGrantFields } from '../contract/oauth';

export const ADMIN = { mail: 'admin@example.com', password: 'admin-pass-1234' };
export const STAFF = { mail: 'staff@example.com', password: 'staff-pass-1234' };

/**
 * A screenshot for a person to look at (the brief: check the screen with your eyes), written only
 * when E2E_SCREENSHOT_DIR names a folder: a run of the tests leaves no files behind.
 */
export async function lookAt(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  if ('mainFrame' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

/** Signs in through the login page, as a person would: the sign-in specs (auth.spec.ts). */
export async function signInWithForm(page: Page, who: { mail: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('メールアドレス').fill(who.mail);
  await page.getByLabel('パスワード').fill(who.password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/m\/$/);
}

/**
 * Signs in as the login form leaves the console, without drawing the form: a new session's token
 * pair from POST /oauth/auth, kept in the console's cookies (dataProvider/tokenStore.ts), then the
 * console at `path` (its home unless given), loaded once. Each test gets a session of its own; the
 * shell fetches the accommodations and the user as it does after a reload.
 */
export async function signIn(page: Page, who: { mail: string; password: string }, path = '/m/') {
  const tokens = await tokensOf(page.request, who);
  const now = Date.now() / 1000;
  const cookie = { url: baseURL, sameSite: 'Strict' as const };
  await page.context().addCookies([
    { ...cookie, name: 'yadoban_token', value: tokens.access_token, expires: now + tokens.expires_in },
    { ...cookie, name: 'yadoban_refresh_token', value: tokens.refresh_token, expires: now + 30 * 86_400 },
  ]);
  await page.goto(path);
  if (path === '/m/') await expect(page).toHaveURL(/\/m\/$/);
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** A new session of the user, as the console's login form asks for it. */
async function tokensOf(request: APIRequestContext, who: { mail: string; password: string }): Promise<Tokens> {
  const res = await request.post('/oauth/auth', { form: passwordGrantFields(who.mail, who.password) });
  expect(res.ok()).toBe(true);
  return (await res.json()) as Tokens;
}

/**
 * Opens a calendar's address and waits for the console's calendar with its bookings: the first
 * paint drawn before it (calendarFirstPaint.spec.ts) is replaced once the console has loaded, and
 * an action on its elements could fall on that moment.
 */
export async function openCalendar(page: Page, path: string) {
  await page.goto(path);
  await calendarShown(page);
}

/** Waits for the console's calendar with its bookings, on a page already at its address (see openCalendar). */
export async function calendarShown(page: Page) {
  await expect(page.getByTestId('calendar-scroll').locator('.cal-chip').first()).toBeVisible();
}

/** A user's bearer header, signed in through the API, for preparing data as that user. */
export async function bearerOf(request: APIRequestContext, who: { mail: string; password: string } = ADMIN) {
  const { access_token } = await tokensOf(request, who);
  return { authorization: `Bearer ${access_token}` };
}

/** The accommodations a user may reach, read from the API with that user's own sign-in. */
export async function accommodationsOf(page: Page, who: { mail: string; password: string }) {
  const res = await page.request.get('/api/accommodations', { headers: await bearerOf(page.request, who) });
  return (await res.json()) as {
    accommodations: { id: number; name: string; short_name: string }[];
    company: { name: string };
  };
}

/** Types a date into a Japanese date picker (src/components/DatePickerJa): year, month and day in turn. */
export async function pickDate(scope: Page | Locator, label: string, date: string) {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  const page = 'keyboard' in scope ? scope : scope.page();
  await page.keyboard.type(date.replaceAll('-', ''));
}

/** The room types of an accommodation, in the API's order. */
export async function roomsOf(request: APIRequestContext, headers: Record<string, string>, accommodationId: number) {
  const res = await request.get(`/api/accommodations/${accommodationId}/rooms`, { headers });
  return ((await res.json()) as { rooms: { id: number; name: string }[] }).rooms;
}

/** A stay to book for preparing a scene; what it leaves out is a phone booking, no plan, a total of 0円, nothing paid, one night for two. */
type StayToBook = { accommodation_id: number; room_id: number; start_date: string; name: string } & Record<
  string,
  unknown
>;

/** Asks the API for a booking (see StayToBook) and answers the API's answer, refused or not. */
export function postStay(request: APIRequestContext, headers: Record<string, string>, stay: StayToBook) {
  return request.post('/api/admin/books', {
    headers,
    data: { plan_id: null, price_sub: 0, days: 1, person_number: 2, price: 0, via: 101, ...stay },
  });
}

/**
 * Books `stay` in the first room type, of the first of `facilities`, with a room left that night
 * (a full one answers 409 and the next is tried); answers the booking's id and facility, or null.
 */
export async function stayInFreeRoom(
  request: APIRequestContext,
  headers: Record<string, string>,
  facilities: readonly number[],
  stay: { start_date: string; name: string } & Record<string, unknown>,
): Promise<{ id: number; accommodationId: number } | null> {
  for (const accommodationId of facilities) {
    for (const room of await roomsOf(request, headers, accommodationId)) {
      const res = await postStay(request, headers, { ...stay, accommodation_id: accommodationId, room_id: room.id });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBeLessThan(300);
      return { id: ((await res.json()) as { id: number }).id, accommodationId };
    }
  }
  return null;
}

/** A booking made through the API (see StayToBook), which must be taken. Answers its id. */
export async function bookStay(request: APIRequestContext, headers: Record<string, string>, stay: StayToBook) {
  const res = await postStay(request, headers, stay);
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** A mail the e2e SMTP sink (tools/e2eMailSink.ts) received, parsed as a mail client would. */
export interface ReceivedMail {
  file: string;
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  mail: Email;
}

/** Each mail the e2e sink received so far, oldest first. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const names = (await readdir(E2E_MAIL_DIR).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (file) => {
      const raw = await readFile(join(E2E_MAIL_DIR, file));
      const head = raw.subarray(0, raw.indexOf('\n')).toString('utf8');
      const envelopeTo = head
        .replace(/^X-Envelope-To:\s*/i, '')
        .trim()
        .split(/,\s*/)
        .filter(Boolean);
      return { file, envelopeTo, mail: await PostalMime.parse(raw) };
    }),
  );
}

/**
 * Waits until the e2e SMTP sink received a mail whose decoded subject contains `subject` (or matches
 * it) and, when given, went to `to`; answers it. The product delivers over real SMTP (SMTP_URL of
 * playwright.config.ts), so this sees what a guest's mail client would.
 */
export async function waitForMail(
  match: { subject?: string | RegExp; to?: string },
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const fits = (m: ReceivedMail) => {
    const subject = m.mail.subject ?? '';
    const subjectFits =
      match.subject === undefined ||
      (typeof match.subject === 'string' ? subject.includes(match.subject) : match.subject.test(subject));
    const to = match.to?.toLowerCase();
    const toFits =
      to === undefined ||
      m.envelopeTo.some((a) => a.toLowerCase() === to) ||
      (m.mail.to ?? []).some((a) => a.address?.toLowerCase() === to);
    return subjectFits && toFits;
  };
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMails()).find(fits);
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `a mail ${JSON.stringify({ ...match, subject: String(match.subject) })}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Moves a month view (react-big-calendar's toolbar) to the month of `date` with 前月 and 翌月. The
 * view opens on the month its toolbar named before (early in a month that is the month before), so
 * a test never counts clicks from today.
 */
export async function showMonth(month: Locator, date: string) {
  const [year, m] = date.split('-').map(Number) as [number, number];
  const label = month.locator('.rbc-toolbar-label');
  for (let step = 0; step < 120; step++) {
    const shown = (await label.innerText()).match(/(\d{4})年(\d{1,2})月/);
    expect(shown, 'the month view names its month').not.toBeNull();
    const diff = (year - Number(shown![1])) * 12 + (m - Number(shown![2]));
    if (diff === 0) return;
    await month.getByRole('button', { name: diff > 0 ? '翌月' : '前月', exact: true }).click();
    await expect(label).not.toHaveText(shown![0]);
  }
  throw new Error(`the month view did not reach ${date}`);
}

/**
 * The first check-in from `from` on which every named room type of the accommodation has a room
 * left for `nights` nights: the demo data fills some nights, and which depends on the day the suite runs.
 */
export async function freeCheckIn(
  request: APIRequestContext,
  accommodationId: number,
  roomNames: string[],
  nights: number,
  from: string,
): Promise<string> {
  const headers = await bearerOf(request);
  const ids = (await roomsOf(request, headers, accommodationId))
    .filter((r) => roomNames.includes(r.name))
    .map((r) => r.id);
  expect(ids).toHaveLength(roomNames.length);
  const hasRoom = async (date: string) => {
    const res = await request.get(`/api/admin/books/date/${date}`, {
      headers,
      params: { accommodation_id: accommodationId },
    });
    const { rooms } = (await res.json()) as { rooms: { room_id: number; capacity: number; booked: number }[] };
    return ids.every((id) => rooms.some((r) => r.room_id === id && r.booked < r.capacity));
  };
  for (let start = from, tries = 0; tries < 60; start = addDays(start, 1), tries++) {
    let free = true;
    for (let n = 0; n < nights && free; n++) free = await hasRoom(addDays(start, n));
    if (free) return start;
  }
  throw new Error(`no check-in with ${roomNames.join(', ')} free for ${nights} nights from ${from}`);
}

/** Types into the day's first comment (added first on a day without one) and leaves the field: that saves it. */
export async function writeComment(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: /^コメント( 1)?$/ }).first();
  const none = page.getByTestId('day-no-comments');
  await expect(none.or(field)).toBeVisible();
  if (await none.isVisible()) await page.getByRole('button', { name: 'コメントを追加' }).click();
  await expect(field).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes('/calendar/comments') && r.request().method() !== 'GET');
  await field.fill(text);
  await field.blur();
  expect((await saved).ok()).toBe(true);
}

/** In the refund's confirmation, which says `question`, presses OK: answers the refund call's response. */
export async function confirmRefund(page: Page, question: string) {
  const dialog = page.getByRole('dialog', { name: '返金の確認' });
  await expect(dialog).toContainText(question);
  const refunded = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/admin/payments/refund'),
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  return refunded;
}
