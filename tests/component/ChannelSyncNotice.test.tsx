import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../contract/messages';
import { HttpError } from '../../dataProvider/http';
import { AppNotification } from '../../src/components/AppNotification';
import { ChannelSyncNotice, type ChannelSyncNoticeProps } from '../../resources/bookings/ChannelSyncNotice';
import { renderInContext } from './helpers';

function renderNotice(booking: ChannelSyncNoticeProps['booking'], syncBook = vi.fn().mockResolvedValue({})) {
  const onSynced = vi.fn();
  renderInContext(
    <>
      <ChannelSyncNotice booking={booking} onSynced={onSynced} />
      <AppNotification />
    </>,
    { dataProvider: { syncBook } },
  );
  return { syncBook, onSynced };
}

describe('ChannelSyncNotice (the booking panel on a channel booking)', () => {
  it('warns about an overbooked channel booking', () => {
    renderNotice({ id: 5, via: 1, sync: 1, overbooked: 1 });
    expect(screen.getByTestId('booking-overbooked')).toHaveTextContent(
      '外部予約サイトで売り越し（オーバーブッキング）になった予約です。部屋の調整をしてください。',
    );
    expect(screen.queryByRole('button', { name: '同期' })).not.toBeInTheDocument();
  });

  it('warns about a channel booking that took its minpaku house past 180 days', () => {
    renderNotice({ id: 9, via: 1, sync: 1, overbooked: 0, minpaku_over: 1, delete_flg: 0 });
    expect(screen.getByTestId('booking-minpaku-over')).toHaveTextContent(
      '外部予約サイトから取り込んだこの予約で、住宅宿泊事業の年間の宿泊日数が180日を超えています。',
    );
    expect(screen.queryByTestId('booking-overbooked')).not.toBeInTheDocument();
  });

  it('says nothing of the 180 days for a cancelled booking', () => {
    renderNotice({ id: 10, via: 1, sync: 1, overbooked: 0, minpaku_over: 1, delete_flg: 1 });
    expect(screen.queryByTestId('channel-sync-notice')).not.toBeInTheDocument();
  });

  it('says nothing for a synced channel booking or any other booking', () => {
    renderNotice({ id: 5, via: 1, sync: 1, overbooked: 0 });
    renderNotice({ id: 6, via: 0, sync: 0, overbooked: 0 });
    expect(screen.queryByTestId('channel-sync-notice')).not.toBeInTheDocument();
  });

  it('syncs an unsynced channel booking, says so, and reloads', async () => {
    const { syncBook, onSynced } = renderNotice({ id: 7, via: 1, sync: 0, overbooked: 0 });
    await userEvent.setup().click(screen.getByRole('button', { name: '同期' }));
    await waitFor(() => expect(syncBook).toHaveBeenCalledWith(7));
    expect(await screen.findByText('同期が完了しました')).toBeInTheDocument();
    expect(onSynced).toHaveBeenCalled();
  });

  it("shows the site's refusal in Japanese", async () => {
    const refusal = new HttpError(errorMessages.syncWrongPassword, 409, {
      code: 'conflict',
      message: errorMessages.syncWrongPassword,
    });
    const { onSynced } = renderNotice({ id: 8, via: 1, sync: 0, overbooked: 1 }, vi.fn().mockRejectedValue(refusal));
    await userEvent.setup().click(screen.getByRole('button', { name: '同期' }));
    expect(await screen.findByTestId('booking-sync-failure')).toHaveTextContent(errorMessages.syncWrongPassword);
    expect(onSynced).not.toHaveBeenCalled();
  });
});
