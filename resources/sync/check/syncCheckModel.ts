import {
  mapExternalDayStatus,
  monthDates,
  parseSyncResult,
  showSyncCheckRows,
  syncCheckStatusOf,
  type ChecksAnswer,
  type ExternalDayStatus,
  type SyncCheck,
  type SyncCheckDisplayStatus,
  type SyncResultCode,
} from '../../../contract/syncCheck';

/** One day of the sync check's list: our stock, the site's status for the plan and the result. */
export interface SyncCheckDay {
  date: string;
  /** Live bookings of the room type staying that night, and rooms left (< 0 when over). */
  booked: number | null;
  left: number | null;
  site: ExternalDayStatus;
  /** null: no stored result for the day (not checked, or the check failed). */
  result: SyncResultCode | null;
}

export interface SyncCheckView {
  roomId: number | null;
  check: SyncCheck | null;
  status: SyncCheckDisplayStatus;
  /** The spec's row rule (contract showSyncCheckRows): whether the days are listed. */
  showRows: boolean;
  /** Some error day, past or not. */
  hasErrors: boolean;
  /** The site could not be read (its status, or the last run): nothing on the page may say all is well. */
  unreadable: boolean;
  days: SyncCheckDay[];
}

/** What the page shows for a month: the plan's channel room's check, its days and the row rule. */
export function syncCheckView(
  answer: ChecksAnswer,
  siteStatus: string | null,
  year: number,
  month: number,
  today: string,
  siteFailed = false,
): SyncCheckView {
  const roomId = answer.plan?.room_id ?? null;
  const check = roomId === null ? null : (answer.check.find((c) => c.room_id === roomId) ?? null);
  const ours = roomId === null ? undefined : answer.ours?.find((o) => o.room_id === roomId);
  const site = siteStatus === null ? [] : mapExternalDayStatus(siteStatus);
  const codes = check ? parseSyncResult(check.result) : [];
  const days = monthDates(year, month).map((date, i): SyncCheckDay => ({
    date,
    booked: ours?.booked[i] ?? null,
    left: ours?.left[i] ?? null,
    site: site[i] ?? 'unknown',
    result: codes[i] ?? null,
  }));
  // A failed check says so itself (チェックエラー); any other, while the site cannot be read, is not trusted.
  const stored = syncCheckStatusOf(check?.status);
  const status = siteFailed && stored !== 'error' ? 'unreadable' : stored;
  return {
    roomId,
    check,
    status,
    showRows: showSyncCheckRows({ status: check?.status ?? null, result: check?.result ?? '', year, month }, today),
    hasErrors: codes.some((c) => c !== 0),
    unreadable: siteFailed,
    days,
  };
}
