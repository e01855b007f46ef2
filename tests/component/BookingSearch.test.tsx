import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { HttpError } from '../../dataProvider/http';
import BookingSearch from '../../resources/bookings/BookingSearch';
import { BOOK_SEARCH_COOKIE } from '../../resources/bookings/calendar/calendarConstants';
import { buildBooking } from './BookingPanel.fixtures';
import { memoryProvider, renderView } from './crudHarness';
import { screenWidth, storeDemoAccommodations } from './helpers';

/**
 * Saving a file is the browser's: the test reads what would have been saved, the blob handed to
 * URL.createObjectURL (which jsdom lacks) and the name of the link clicked to download it.
 */
function catchDownloads() {
  const saved: { blob: Blob; filename: string }[] = [];
  let blob: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (b: Blob) => ((blob = b), 'blob:download'),
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: blob!, filename: this.download });
  });
  return saved;
}

const live = buildBooking({ id: 7, name: '山田 太郎', start_date: '2026-12-24' });
const cancelled = buildBooking({
  id: 8,
  name: '佐藤 花子',
  start_date: '2026-12-25',
  delete_flg: 1,
  deleted_at: '2026-11-20T10:00:00.000+09:00',
});

function renderSearch() {
  const store = memoryProvider({ books: [live, cancelled] as unknown as RaRecord[] });
  renderView(<BookingSearch />, store.provider, { path: '/m/books' });
  return store;
}

// A shared machine may be slow to draw the list: wait longer than the default second.
const slow = { timeout: 5000 };
const rowOf = async (name: string) =>
  (await within(await screen.findByTestId('book-search', {}, slow)).findByText(name, {}, slow)).closest('tr')!;

beforeEach(() => {
  storeDemoAccommodations();
  Cookies.remove(BOOK_SEARCH_COOKIE, { path: '/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('BookingSearch', () => {
  it('marks a cancelled row itself: a キャンセル済み chip beside the name, not a last column out of view', async () => {
    screenWidth(1400);
    renderSearch();
    const cancelledRow = await rowOf('佐藤 花子');
    const liveRow = await rowOf('山田 太郎');
    const nameCell = within(cancelledRow).getByText('佐藤 花子').closest('td')!;
    expect(within(nameCell).getByText('キャンセル済み')).toBeInTheDocument();
    expect(within(liveRow).queryByText('キャンセル済み')).toBeNull();
    const headers = within(screen.getByTestId('book-search'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('キャンセル');
  });

  it('shows the guest’s name in the first column on a phone', async () => {
    screenWidth(390);
    renderSearch();
    await rowOf('山田 太郎');
    const headers = within(screen.getByTestId('book-search')).getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('宿泊者');
    expect(within(await rowOf('佐藤 花子')).getAllByRole('cell')[0]).toHaveTextContent('佐藤 花子キャンセル済み');
  });

  it('searches the box on Enter across every date, keeping the other filters', async () => {
    screenWidth(1400);
    const store = renderSearch();
    await rowOf('山田 太郎');
    const box = screen.getByRole('searchbox', { name: '予約を探す' });
    expect(box).toHaveAttribute('placeholder', '氏名・電話番号・メール・確認番号・サイト予約番号');
    fireEvent.change(box, { target: { value: ' 090-1234 ' } });
    // Typing alone sends nothing: Enter searches.
    expect(store.callsOf('getList', 'books').some((c) => 'q' in (c.params.filter as object))).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(store.callsOf('getList', 'books').at(-1)!.params.filter).toEqual({ q: '090-1234' }));
  });

  it('downloads the CSV of the filters shown, and says so in Japanese when it fails', async () => {
    screenWidth(1400);
    const saved = catchDownloads();
    const store = memoryProvider({ books: [live, cancelled] as unknown as RaRecord[] });
    const file = { filename: '予約一覧_20261201.csv', blob: new Blob(['\uFEFF']) };
    const downloadBookingsCsv = vi.fn<AppDataProvider['downloadBookingsCsv']>().mockResolvedValue(file);
    renderView(<BookingSearch />, { ...store.provider, downloadBookingsCsv }, { path: '/m/books' });
    await rowOf('山田 太郎');
    fireEvent.click(screen.getByRole('button', { name: 'CSVダウンロード' }));
    await waitFor(() => expect(saved).toEqual([{ blob: file.blob, filename: file.filename }]));
    const shown = store.callsOf('getList', 'books').at(-1)!.params.filter as Record<string, unknown>;
    expect(downloadBookingsCsv).toHaveBeenCalledWith(shown);
    expect(shown).toHaveProperty('stay_start_date');

    downloadBookingsCsv.mockRejectedValueOnce(new HttpError('サーバーエラー', 500));
    // The file is saved a moment before the button is free again: a click before then is ignored
    // (a loaded CI machine clicked in that moment).
    const button = screen.getByRole('button', { name: 'CSVダウンロード' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByText('CSVをダウンロードできませんでした。')).toBeInTheDocument();
  });
});
