import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { TimesheetSheet } from '../../contract/timesheetGroup';
import TimesheetPage from '../../resources/timesheets/TimesheetPage';
import { openShiftGroup, renderInContext, signedInAuth } from './helpers';

const sheet = (over: Partial<TimesheetSheet> = {}): TimesheetSheet => ({
  group: openShiftGroup,
  users: [
    { id: 7, name: 'スタッフ 花子' },
    { id: 8, name: '受付 次郎' },
  ],
  accommodations: [{ id: 1, name: '温泉旅館 さくら荘', short_name: 'さ', color: 'e05a7a' }],
  // What a member of staff (user 7) receives while the group is open: their own marks only.
  entries: [{ user_id: 7, target_date: '2031-03-01', accommodation_id: 1, assigned: 0 }],
  can_mark: true,
  can_assign: false,
  ...over,
});

function renderPage(answer: TimesheetSheet, isAdmin: boolean) {
  const markShift = vi.fn().mockResolvedValue(undefined);
  const assignShift = vi.fn().mockResolvedValue(undefined);
  const dataProvider = { getTimesheetSheet: vi.fn().mockResolvedValue(answer), markShift, assignShift };
  renderInContext(
    <Routes>
      <Route path="/m/timesheet/:id" element={<TimesheetPage />} />
    </Routes>,
    {
      dataProvider,
      authProvider: signedInAuth(isAdmin, { id: isAdmin ? 1 : 7, fullName: isAdmin ? '管理者' : 'スタッフ 花子' }),
      path: '/m/timesheet/5',
      basename: '/m',
    },
  );
  return { markShift, assignShift };
}

const dayRow = (date: string) =>
  screen.getAllByTestId('timesheet-day').find((row) => row.getAttribute('data-date') === date)!;

/** What an administrator receives: everyone's marks, one of them assigned. */
const adminSheet = () =>
  sheet({
    entries: [
      { user_id: 7, target_date: '2031-03-01', accommodation_id: 1, assigned: 1 },
      { user_id: 8, target_date: '2031-03-02', accommodation_id: 1, assigned: 0 },
    ],
    can_mark: false,
    can_assign: true,
  });

const HOLIDAY_RED = 'rgb(198, 40, 40)';

describe('the shift calendar (/m/timesheet/{id})', () => {
  it('lists staff in the header, a row a day with Sunday in red, and whether each day is covered', async () => {
    renderPage(adminSheet(), true);
    await screen.findByTestId('timesheet-grid');
    expect(screen.getAllByTestId('timesheet-user').map((c) => c.textContent)).toEqual(['スタッフ 花子', '受付 次郎']);
    expect(screen.getAllByTestId('timesheet-day').map((r) => r.getAttribute('data-date'))).toEqual([
      '2031-03-01',
      '2031-03-02',
      '2031-03-03',
    ]);
    expect(within(dayRow('2031-03-02')).getByText('3/2(日)')).toHaveAttribute('data-holiday', 'true');
    expect(within(dayRow('2031-03-01')).getByTestId('timesheet-coverage')).toHaveTextContent('✓');
    const uncovered = within(dayRow('2031-03-02')).getByTestId('timesheet-coverage');
    expect(uncovered).toHaveTextContent('未配置');
    // It names the facility nobody is placed at (issue 32).
    expect(within(uncovered).getByLabelText('温泉旅館 さくら荘に配置なし')).toBeInTheDocument();
    expect(uncovered).toHaveAttribute('data-uncovered', '1');
  });

  it('draws a national holiday (2031-03-21 春分の日, a Friday) in red like Sundays', async () => {
    renderPage(sheet({ group: { ...sheet().group, start_date: '2031-03-20', end_date: '2031-03-23' } }), false);
    await screen.findByTestId('timesheet-grid');
    const dayCell = (date: string) => within(dayRow(date)).getAllByRole('cell')[0]!;
    await waitFor(() => expect(dayCell('2031-03-21')).toHaveAttribute('data-holiday', 'true'));
    expect(dayCell('2031-03-21')).toHaveTextContent('3/21(金)');
    expect(dayCell('2031-03-21')).toHaveAttribute('title', '春分の日');
    expect(dayCell('2031-03-21')).toHaveStyle({ color: HOLIDAY_RED });
    expect(dayCell('2031-03-23')).toHaveAttribute('data-holiday', 'true');
    expect(dayCell('2031-03-23')).toHaveStyle({ color: HOLIDAY_RED });
    for (const weekday of ['2031-03-20', '2031-03-22']) {
      expect(dayCell(weekday)).not.toHaveAttribute('data-holiday');
      expect(dayCell(weekday)).not.toHaveStyle({ color: HOLIDAY_RED });
    }
  });

  it("shows a member of staff their own marks and, until the release, no day's coverage", async () => {
    renderPage(sheet(), false);
    await screen.findByTestId('timesheet-grid');
    expect(within(dayRow('2031-03-01')).getAllByTestId('timesheet-cell')[0]).toHaveAttribute('data-state', 'marked');
    expect(screen.queryAllByTestId('timesheet-coverage')).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: '配置' })).not.toBeInTheDocument();
  });

  it("lets a member of staff press only their own column's cells, and withdraw a mark", async () => {
    const { markShift } = renderPage(sheet(), false);
    await screen.findByTestId('timesheet-grid');
    // One button a day: their own column only.
    expect(screen.getAllByRole('button', { name: /スタッフ 花子/ })).toHaveLength(3);
    expect(screen.queryAllByRole('button', { name: /受付 次郎/ })).toHaveLength(0);
    fireEvent.click(within(dayRow('2031-03-03')).getByRole('button'));
    await waitFor(() =>
      expect(markShift).toHaveBeenCalledWith(5, { target_date: '2031-03-03', accommodation_id: 1, marked: true }),
    );
    await waitFor(() => expect(within(dayRow('2031-03-01')).getByRole('button')).toBeEnabled());
    await waitFor(() =>
      expect(within(dayRow('2031-03-03')).getAllByTestId('timesheet-cell')[0]).toHaveAttribute('data-state', 'marked'),
    );
    fireEvent.click(within(dayRow('2031-03-01')).getByRole('button', { name: /スタッフ 花子/ }));
    await waitFor(() =>
      expect(markShift).toHaveBeenCalledWith(5, { target_date: '2031-03-01', accommodation_id: 1, marked: false }),
    );
    await waitFor(() =>
      expect(within(dayRow('2031-03-01')).getAllByTestId('timesheet-cell')[0]).toHaveAttribute('data-state', 'none'),
    );
  });

  it('lets an administrator assign where staff marked', async () => {
    const { assignShift } = renderPage(adminSheet(), true);
    await screen.findByTestId('timesheet-grid');
    fireEvent.click(within(dayRow('2031-03-02')).getByRole('button', { name: /受付 次郎/ }));
    await waitFor(() =>
      expect(assignShift).toHaveBeenCalledWith(5, {
        user_id: 8,
        target_date: '2031-03-02',
        accommodation_id: 1,
        assigned: true,
      }),
    );
  });

  it("is read-only once released, showing staff everyone's assignments and each day's coverage", async () => {
    renderPage(
      sheet({
        can_mark: false,
        group: { ...sheet().group, release_flg: 1 },
        entries: [
          { user_id: 7, target_date: '2031-03-01', accommodation_id: 1, assigned: 0 },
          { user_id: 8, target_date: '2031-03-01', accommodation_id: 1, assigned: 1 },
        ],
      }),
      false,
    );
    await screen.findByTestId('timesheet-read-only');
    expect(within(screen.getByTestId('timesheet-grid')).queryAllByRole('button')).toHaveLength(0);
    const cells = within(dayRow('2031-03-01')).getAllByTestId('timesheet-cell');
    expect(cells.map((c) => c.getAttribute('data-state'))).toEqual(['marked', 'assigned']);
    expect(within(dayRow('2031-03-01')).getByTestId('timesheet-coverage')).toHaveTextContent('✓');
    expect(within(dayRow('2031-03-02')).getByTestId('timesheet-coverage')).toHaveTextContent('未配置');
  });
});
