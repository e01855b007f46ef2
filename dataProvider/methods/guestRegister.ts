import { apiPath } from '../../contract/apiPaths';
import type {
  BookingGuests,
  Guest,
  GuestInput,
  GuestPatch,
  RegisterSettings,
  RegisterSettingsPatch,
  RegisterStates,
} from '../../contract/guestRegister';
import type { MinpakuDays, MinpakuHouses, MinpakuReport } from '../../contract/minpaku';
import type { RegisterList } from '../../contract/registerList';
import { registerFileNames } from '../../contract/downloadNames';
import type { CheckinLink } from '../../contract/precheckin';
import type { StayMove } from '../../contract/stay';
import { apiUrl } from '../config';
import { httpClient } from '../httpClient';
import { downloadCsv, downloadPdf, type CsvDownload } from './csvDownload';

export interface RegisterRange {
  from: string;
  to: string;
}

/** The guest register's calls (issue 30): a facility's register settings and a booking's guests. */
export const guestRegisterMethods = {
  async getRegisterSettings(accommodationId: number, signal?: AbortSignal): Promise<RegisterSettings> {
    const url = apiUrl(apiPath('registerSettings', { id: accommodationId }));
    return (await httpClient<RegisterSettings>(url, { signal })).json;
  },

  /** Changes them (administrators); answers the settings as saved. */
  async updateRegisterSettings(accommodationId: number, patch: RegisterSettingsPatch): Promise<RegisterSettings> {
    const url = apiUrl(apiPath('registerSettings', { id: accommodationId }));
    return (await httpClient<RegisterSettings>(url, { method: 'PATCH', body: patch })).json;
  },

  /** The register's state of each of these bookings the user reaches (the badges of lists). */
  async getRegisterStates(bookIds: readonly number[], signal?: AbortSignal): Promise<RegisterStates> {
    if (bookIds.length === 0) return { states: [] };
    const url = apiUrl(apiPath('bookRegisterStates'));
    return (await httpClient<RegisterStates>(url, { query: { ids: bookIds.join(',') }, signal })).json;
  },

  /** The booking's guests, the representative first, with what its register misses. */
  async listBookGuests(bookId: number, signal?: AbortSignal): Promise<BookingGuests> {
    return (await httpClient<BookingGuests>(apiUrl(apiPath('bookGuests', { id: bookId })), { signal })).json;
  },

  async addBookGuest(bookId: number, guest: GuestInput): Promise<Guest> {
    const url = apiUrl(apiPath('bookGuests', { id: bookId }));
    return (await httpClient<{ guest: Guest }>(url, { method: 'POST', body: guest })).json.guest;
  },

  async updateBookGuest(bookId: number, guestId: number, patch: GuestPatch): Promise<Guest> {
    const url = apiUrl(apiPath('bookGuest', { id: bookId, guestId }));
    return (await httpClient<{ guest: Guest }>(url, { method: 'PATCH', body: patch })).json.guest;
  },

  async removeBookGuest(bookId: number, guestId: number): Promise<void> {
    await httpClient(apiUrl(apiPath('bookGuest', { id: bookId, guestId })), { method: 'DELETE' });
  },

  /** Keeps the copy of a guest's passport (JPEG, PNG or PDF, 5,000,000 bytes at most); answers the guest. */
  async putGuestPassport(bookId: number, guestId: number, file: Blob): Promise<Guest> {
    const form = new FormData();
    form.append('file', file);
    const url = apiUrl(apiPath('bookGuestPassport', { id: bookId, guestId }));
    return (await httpClient<{ guest: Guest }>(url, { method: 'PUT', body: form })).json.guest;
  },

  /** A minpaku house's days with guests in a fiscal year (today's unless given), of the 180 allowed. */
  async getMinpakuDays(accommodationId: number, signal?: AbortSignal): Promise<MinpakuDays> {
    return (await httpClient<MinpakuDays>(apiUrl(apiPath('minpakuDays', { id: accommodationId })), { signal })).json;
  },

  /** Every minpaku house the user reaches, with its days of this fiscal year (the dashboard's card). */
  async listMinpakuHouses(signal?: AbortSignal): Promise<MinpakuHouses> {
    return (await httpClient<MinpakuHouses>(apiUrl(apiPath('minpakuHouses')), { signal })).json;
  },

  /** A minpaku house's report of the two months from `period` of `year`. */
  async getMinpakuReport(accommodationId: number, year: number, period: number, signal?: AbortSignal) {
    const url = `${apiUrl(apiPath('minpakuReport', { id: accommodationId }))}?year=${year}&period=${period}`;
    return (await httpClient<MinpakuReport>(url, { signal })).json;
  },

  /** A facility's register over dates: a row per guest of each stay that meets them (every read audited). */
  async getRegister(accommodationId: number, range: RegisterRange, signal?: AbortSignal): Promise<RegisterList> {
    const url = apiUrl(apiPath('facilityRegister', { id: accommodationId }));
    return (await httpClient<RegisterList>(url, { query: { ...range }, signal })).json;
  },

  /** The register over dates as the server's CSV (a minpaku house's in MLIT's column order). */
  downloadRegisterCsv(accommodationId: number, range: RegisterRange): Promise<CsvDownload> {
    const path = apiPath('facilityRegister', { id: accommodationId });
    return downloadCsv(path, { ...range, format: 'csv' }, registerFileNames(range.from, range.to, 'csv').ascii);
  },

  /** The register over dates as the server's printable A4 PDF. */
  downloadRegisterPdf(accommodationId: number, range: RegisterRange): Promise<CsvDownload> {
    const path = apiPath('facilityRegister', { id: accommodationId });
    return downloadPdf(path, { ...range, format: 'pdf' }, registerFileNames(range.from, range.to, 'pdf').ascii);
  },

  /** A new link to the guest's pre-check-in page, valid until the end of the check-out day. */
  async makeCheckinLink(bookId: number): Promise<CheckinLink> {
    const url = apiUrl(apiPath('bookCheckinLink', { id: bookId }));
    return (await httpClient<CheckinLink>(url, { method: 'POST' })).json;
  },

  /** The front desk's move of a stay: check-in, check-out or no-show; answers the stay and its register. */
  async moveStay(bookId: number, to: 'checkin' | 'checkout' | 'no-show', departure?: string): Promise<StayMove> {
    const name = to === 'checkin' ? 'bookCheckIn' : to === 'checkout' ? 'bookCheckOut' : 'bookNoShow';
    // An early check-out names the day the guests left: the nights after it go back to stock.
    const body = departure ? { date: departure } : undefined;
    return (await httpClient<StayMove>(apiUrl(apiPath(name, { id: bookId })), { method: 'POST', body })).json;
  },
};
