import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import TimesheetList from '../../resources/timesheets/TimesheetList';
import { memoryProvider, renderView } from './crudHarness';

const group = (id: number, start: string, releaseFlg: 0 | 1) => ({
  id,
  start_date: start,
  end_date: start.replace(/-01$/, '-10'),
  end_at: '2031-02-20',
  release_flg: releaseFlg,
  user_no_record: [],
});

function renderGroups() {
  const db = memoryProvider({ timesheets: [group(1, '2031-03-01', 0), group(2, '2031-04-01', 1)] });
  renderView(<TimesheetList />, db.provider, { path: '/m/timesheet', route: '/m/timesheet' });
  return { db, user: userEvent.setup() };
}

const row = (id: number) =>
  screen.getAllByTestId('timesheet-row').find((r) => r.getAttribute('data-id') === String(id))!;

describe('shift groups (/m/timesheet): delete', () => {
  it('warns that the released shifts go too before deleting a released group, then deletes it', async () => {
    const { db, user } = renderGroups();
    await screen.findAllByTestId('timesheet-row');
    await user.click(within(row(2)).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('公開済みです');
    expect(dialog).toHaveTextContent('公開済みのシフトも削除され');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(db.callsOf('delete', 'timesheets')).toHaveLength(1));
    expect(db.callsOf('delete', 'timesheets')[0]!.params).toMatchObject({ id: 2 });
  });

  it('asks the plain confirmation for a group not yet released', async () => {
    const { user } = renderGroups();
    await screen.findAllByTestId('timesheet-row');
    await user.click(within(row(1)).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('シフトグループを削除します。よろしいですか？');
    expect(dialog).not.toHaveTextContent('公開済み');
  });
});
