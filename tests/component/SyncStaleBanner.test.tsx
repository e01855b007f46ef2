import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SyncHealth, SyncHealthRow } from '../../contract/syncHealth';
import { AppNotification } from '../../src/components/AppNotification';
import { SyncStaleBanner } from '../../resources/sync/health/SyncStaleBanner';
import { renderInContext, syncHealthRow } from './helpers';

const row = syncHealthRow;
const health = (...rows: SyncHealthRow[]): SyncHealth => ({ rows, poll_seconds: 30 });

function renderBanner(answers: SyncHealth[], stopSell = vi.fn().mockResolvedValue({ nights: 3, rooms: [] })) {
  const getSyncHealth = vi.fn();
  for (const answer of answers) getSyncHealth.mockResolvedValueOnce(answer);
  getSyncHealth.mockResolvedValue(answers[answers.length - 1]);
  renderInContext(
    <>
      <SyncStaleBanner startDelayMs={0} />
      <AppNotification />
    </>,
    { dataProvider: { getSyncHealth, stopSellLowStock: stopSell } },
  );
  return { getSyncHealth, stopSell };
}

describe('SyncStaleBanner (the header warning while sync is stale)', () => {
  it('warns about a stale facility, stop-sells after asking, says how many nights, and clears once sync runs', async () => {
    const stale = row({
      accommodation_id: 2,
      name: '海辺の離れ',
      stale: true,
      stale_seconds: 7 * 60 + 5,
      last_pull_ok_at: null,
    });
    const { getSyncHealth, stopSell } = renderBanner([
      health(row({}), stale),
      health(row({}), row({ accommodation_id: 2 })),
    ]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '外部予約サイトとの同期が7分以上止まっています（海辺の離れ）。売り越しを防ぐため、残り1室以下の日を売止にできます。',
    );
    // Only the stale facility is named.
    expect(screen.getByTestId('sync-stale-banner')).not.toHaveTextContent('やどばん本館');

    const user = userEvent.setup();
    // One click, nothing asked: only the stale facility is stop-sold.
    await user.click(within(alert).getByRole('button', { name: '残り1室以下の日を売止' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(stopSell).toHaveBeenCalledWith(2));
    expect(stopSell).toHaveBeenCalledTimes(1);
    expect(
      await screen.findByText(
        '3泊（今日から90日間の残り1室以下の日）を売止にしました。解除はホームの「外部予約サイトとの同期」からできます。',
      ),
    ).toBeInTheDocument();

    // The rows are read again; sync runs again, so the warning goes.
    await waitFor(() => expect(getSyncHealth).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('sync-stale-banner')).not.toBeInTheDocument());
  });

  it('names the cause of the stop as the last read of the site said it, each cause once (issue 32)', async () => {
    const wrong = '外部予約サイトのパスワードが違います。';
    renderBanner([
      health(
        row({ stale: true, stale_seconds: 130, last_error: wrong }),
        row({ accommodation_id: 2, name: '海辺の離れ', stale: true, stale_seconds: 200, last_error: wrong }),
        row({ accommodation_id: 3, name: '山の家', stale: true, stale_seconds: 90, last_error: null }),
      ),
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByTestId('sync-stale-cause')).toHaveTextContent(`原因：${wrong}`);
    expect(alert.textContent!.split(wrong)).toHaveLength(2);
  });

  it('says first, on every screen, that the simulator is not running and how to move it (issue 32)', async () => {
    const problem = '外部予約サイトのシミュレーターが起動していません：ポート8090が使用中です。';
    renderBanner([{ ...health(row({})), channel_problem: problem }]);
    expect(await screen.findByTestId('sync-channel-problem')).toHaveTextContent(problem);
    expect(screen.queryByTestId('sync-stale-banner')).toBeNull();
  });

  it('names every stale facility and the longest stop in one line, and stop-sells each of them', async () => {
    const stopSell = vi
      .fn()
      .mockResolvedValueOnce({ nights: 2, rooms: [] })
      .mockResolvedValueOnce({ nights: 5, rooms: [] });
    renderBanner(
      [
        health(
          row({ stale: true, stale_seconds: 130, stop_sell_nights: 4 }),
          row({ accommodation_id: 2, name: '海辺の離れ', stale: true, stale_seconds: 45 * 60 }),
        ),
      ],
      stopSell,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '外部予約サイトとの同期が45分以上止まっています（やどばん本館、海辺の離れ）。売り越しを防ぐため、残り1室以下の日を売止にできます。',
    );
    expect(alert).toHaveTextContent('売止中 4泊');
    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: '残り1室以下の日を売止' }));
    expect(await screen.findByText(/^7泊（今日から90日間の残り1室以下の日）を売止にしました。/)).toBeInTheDocument();
    expect(stopSell.mock.calls).toEqual([[1], [2]]);
  });

  it('shows nothing while every facility syncs', async () => {
    const { getSyncHealth } = renderBanner([health(row({}), row({ accommodation_id: 2, name: '海辺の離れ' }))]);
    await waitFor(() => expect(getSyncHealth).toHaveBeenCalled());
    // Let the answer render.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('sync-stale-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing when the health cannot be read', async () => {
    const getSyncHealth = vi.fn().mockRejectedValue(new Error('offline'));
    renderInContext(<SyncStaleBanner startDelayMs={0} />, { dataProvider: { getSyncHealth } });
    await waitFor(() => expect(getSyncHealth).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('sync-stale-banner')).not.toBeInTheDocument();
  });
});
