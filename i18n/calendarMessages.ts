/**
 * The calendar's words. The grid's (dates, counts, badges, comments) are drawn by the first paint
 * before the console's code has loaded (resources/bookings/calendar/firstPaint), so they live apart from
 * i18n/ja.ts (which includes them as app.calendar) as the login page's words do.
 */
export const calendarMessages = {
  /** The page's title in the header (app.page.calendar). */
  title: 'カレンダー',
  view: '表示の切り替え',
  view_grid: '週表示',
  view_list: 'リスト表示',
  view_month: '月表示',
  prev_month: '前月',
  next_month: '翌月',
  month_event: '%{room} %{name}様 %{count}名',
  no_stays: 'この月の宿泊はありません。',
  stay_moved: '宿泊日を変更しました。',
  more: '他%{count}件',
  load_failed: '予約を読み込めませんでした。時間をおいて画面を更新してください。',
  today: '今日',
  new_booking: '新規予約',
  loading: '読み込み中…',
  open_day: '%{date}の日別スケジュール',
  count: '%{booked}/%{rooms}室',
  month: '%{month}月',
  over: '超過',
  /** The over badge: which room types are over, and by how much. */
  over_rooms: '超過: %{rooms}',
  over_room: '%{room} +%{count}',
  /** No one type is over, but the house holds more stays than rooms. */
  over_total: '全体 +%{count}',
  full: '満室',
  /** A stay's marks on its chip: the register (名簿 未 / 不足 / 済) and, once it moved, the stay. */
  register_none: '名簿 未',
  register_incomplete: '名簿 不足',
  register_complete: '名簿 済',
  stay_checked_in: 'チェックイン済み',
  stay_checked_out: 'チェックアウト済み',
  stay_no_show: 'ノーショー',
  /** The stay's mark where a chip has little room (the grid). */
  stay_checked_in_short: 'C/I',
  stay_checked_out_short: 'C/O',
  stay_no_show_short: 'NS',
  comment: 'コメント: %{text}',
  comments_failed: 'この期間のコメントを読み込めませんでした。ページを再読み込みしてください。',
} as const;

type CalendarKey = keyof typeof calendarMessages;

/** A calendar message with its %{name} placeholders filled, as the console's translate does. */
export function calendarText(key: CalendarKey, values: Record<string, string | number> = {}): string {
  return calendarMessages[key].replace(/%\{(\w+)\}/g, (all, name: string) =>
    name in values ? String(values[name]) : all,
  );
}
