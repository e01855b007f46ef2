import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, tokyoToday } from '../contract/dates';
import { ADMIN, bearerOf, bookStay, roomsOf, showMonth, signIn } from './support';

/** A Monday in the second week of the month four months on (past the demo data): its week stays inside that month. */
function mondayAhead(): string {
  const [y, m] = tokyoToday().split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m + 3, 8));
  const iso = first.toISOString().slice(0, 10);
  return addDays(iso, (8 - first.getUTCDay()) % 7);
}

/** Books the room until the night is full (as many as it still takes) and answers the ids made. */
async function fillNight(request: APIRequestContext, headers: Record<string, string>, roomId: number, date: string) {
  const status = await request.get(`/api/admin/books/date/${date}`, { headers, params: { accommodation_id: 1 } });
  const { rooms } = (await status.json()) as { rooms: { room_id: number; capacity: number; booked: number }[] };
  const room = rooms.find((r) => r.room_id === roomId)!;
  for (let i = room.booked; i < room.capacity; i++) {
    await bookStay(request, headers, {
      accommodation_id: 1,
      room_id: roomId,
      start_date: date,
      person_number: 1,
      name: `満室 ${i}`,
    });
  }
}

/** Drags a stay's bar by whole days along its week row, as a person does with the mouse. */
async function dragByDays(page: Page, bar: Locator, days: number) {
  const box = (await bar.boundingBox())!;
  await dragFrom(page, box.x + Math.min(20, box.width / 2), box.y + box.height / 2, days);
}

/** Presses the mouse at (x, y) and lets go `days` date cells to the right. */
async function dragFrom(page: Page, x: number, y: number, days: number) {
  const cell = (await page.locator('.rbc-month-row .rbc-day-bg').first().boundingBox())!;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10, y, { steps: 3 });
  await page.mouse.move(x + days * cell.width, y, { steps: 10 });
  await page.mouse.up();
}

/** An accommodation's calendar in the month view, four months on (the month of mondayAhead). */
async function openMonthAhead(page: Page, accommodationId: number) {
  await page.goto(`/m/accommodation/${accommodationId}`);
  await page.getByRole('button', { name: '月表示', exact: true }).click();
  const month = page.getByTestId('calendar-month');
  await showMonth(month, mondayAhead());
  return month;
}

/** A one-night stay on mondayAhead() in the accommodation's first room type, named `label` and a number. */
async function stayOnMondayAhead(request: APIRequestContext, accommodationId: number, label: string) {
  const headers = await bearerOf(request);
  const monday = mondayAhead();
  const room = (await roomsOf(request, headers, accommodationId))[0]!;
  const guest = `${label}${Date.now() % 100000}`;
  const id = await bookStay(request, headers, {
    accommodation_id: accommodationId,
    room_id: room.id,
    start_date: monday,
    name: guest,
  });
  return { headers, monday, room, guest, id };
}

test.use({ viewport: { width: 1280, height: 900 } });

test('a stay dragged on the month view moves to its new dates; a drag onto a full night is refused', async ({
  page,
}) => {
  const { headers, monday, room, guest, id } = await stayOnMondayAhead(page.request, 1, 'ドラッグ 移動');
  // Thursday is full for that room: the stay may not go there.
  await fillNight(page.request, headers, room.id, addDays(monday, 3));

  await signIn(page, ADMIN);
  const month = await openMonthAhead(page, 1);
  const [y, m] = monday.split('-').map(Number) as [number, number];
  await expect(month.getByText(`${y}年${m}月`)).toBeVisible();
  const bar = month.locator('.rbc-event', { hasText: guest });
  await expect(bar).toBeVisible();

  // Monday -> Wednesday.
  const moved = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/books/${id}`) && r.request().method() === 'PATCH',
  );
  await dragByDays(page, bar, 2);
  expect((await moved).status()).toBe(200);
  expect((await moved).request().postDataJSON()).toEqual({ start_date: addDays(monday, 2) });
  await expect(page.getByTestId('message-box')).toHaveText('宿泊日を変更しました。');

  // Wednesday -> Thursday, the full night: the server refuses, the stay stays on Wednesday.
  const refused = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/books/${id}`) && r.request().method() === 'PATCH',
  );
  await dragByDays(page, bar, 1);
  expect((await refused).status()).toBe(409);
  await expect(page.getByTestId('message-box')).toContainText('満室');

  await bar.click();
  const panel = page.getByTestId('booking-panel');
  const [, wm, wd] = addDays(monday, 3).split('-').map(Number) as [number, number, number];
  await expect(panel.getByTestId('booking-check-out')).toContainText(`${y}年${wm}月${wd}日（1泊）`);
});

test('days selected together on the month view open a new booking of those nights', async ({ page }) => {
  const monday = mondayAhead();
  await signIn(page, ADMIN);
  const month = await openMonthAhead(page, 3);
  // From the cell of Tuesday to that of Thursday of the same week: three nights from Tuesday.
  const day = Number(monday.slice(8));
  const row = month
    .locator('.rbc-month-row', { has: page.locator('.rbc-date-cell button', { hasText: new RegExp(`^${day}$`) }) })
    .first();
  await expect(row).toBeVisible();
  const box = (await row.boundingBox())!;
  const width = box.width / 7;
  const y = box.y + box.height - 8;
  await page.mouse.move(box.x + width * 2.5, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width * 3.5, y, { steps: 5 });
  await page.mouse.move(box.x + width * 4.5, y, { steps: 5 });
  await page.mouse.up();
  const tuesday = addDays(monday, 1);
  await expect(page).toHaveURL(new RegExp(`/m/accommodation/3/book/0\\?start_date=${tuesday}&days=3$`));
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByRole('heading', { name: '新規予約' })).toBeVisible();
  await expect(panel.getByLabel('泊数')).toHaveValue('3');
  const [, m, d] = addDays(tuesday, 3).split('-').map(Number) as [number, number, number];
  await expect(panel.getByTestId('booking-check-out')).toContainText(`${m}月${d}日（3泊）`);
});

test("a stay's end dragged on the month view changes its nights", async ({ page }) => {
  const { monday, guest, id } = await stayOnMondayAhead(page.request, 2, 'ドラッグ 延泊');

  await signIn(page, ADMIN);
  const month = await openMonthAhead(page, 2);
  const bar = month.locator('.rbc-event', { hasText: guest });
  await expect(bar).toBeVisible();

  // The bar's right edge, from Monday's cell to Wednesday's: three nights from Monday.
  await bar.hover();
  const end = bar.locator('.rbc-addons-dnd-resize-ew-anchor').last();
  const box = (await end.boundingBox())!;
  const stretched = page.waitForResponse(
    (r) => r.url().endsWith(`/api/admin/books/${id}`) && r.request().method() === 'PATCH',
  );
  await dragFrom(page, box.x + box.width / 2, box.y + box.height / 2, 2);
  expect((await stretched).status()).toBe(200);
  expect((await stretched).request().postDataJSON()).toEqual({ days: 3 });
  await expect(page.getByTestId('message-box')).toHaveText('宿泊日を変更しました。');

  await bar.click();
  const panel = page.getByTestId('booking-panel');
  const [y2, m2, d2] = addDays(monday, 3).split('-').map(Number) as [number, number, number];
  await expect(panel.getByTestId('booking-check-out')).toContainText(`${y2}年${m2}月${d2}日（3泊）`);
});
