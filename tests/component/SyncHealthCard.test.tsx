import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncHealthCard } from '../../resources/sync/health/SyncHealthCard';
import { renderInContext, storeDemoAccommodations, syncHealthRow } from './helpers';

const row = syncHealthRow;

beforeEach(() => storeDemoAccommodations());

describe("the dashboard's sync card (issue 28: what the site sent that waits or was refused)", () => {
  it('says per facility how many site reservations wait for a room mapping and how many were refused', async () => {
    const getSyncHealth = vi.fn().mockResolvedValue({
      rows: [row({ parked_unmapped: 3, parked_invalid: 2 }), row({ accommodation_id: 2, name: '湖畔の宿 みずうみ' })],
      poll_seconds: 30,
    });
    renderInContext(<SyncHealthCard />, { dataProvider: { getSyncHealth } });
    const first = await screen.findByTestId('parked-unmapped');
    expect(first).toHaveTextContent('取込待ち 3件（部屋タイプが連携設定にありません）');
    expect(screen.getByTestId('parked-invalid')).toHaveTextContent(
      '取り込めない予約 2件（内容の誤り。同期ログを確認してください）',
    );
    // The facility without any says nothing of them.
    const second = document.querySelector('tr[data-accommodation-id="2"]') as HTMLElement;
    expect(within(second).queryByTestId('parked-unmapped')).toBeNull();
    expect(screen.getAllByTestId('parked-unmapped')).toHaveLength(1);
  });
});
