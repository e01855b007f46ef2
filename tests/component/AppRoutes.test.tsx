import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { clearSession, setTokens } from '../../dataProvider/tokenStore';
import { AppRoutes } from '../../src/App';
import { json, stubFetch } from '../unit/fetchStub';
import { demoAccommodations, LocationProbe, openShiftGroup, storeDemoAccommodations } from './helpers';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const shiftGroup = openShiftGroup;

function signIn() {
  setTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 900 });
  storeDemoAccommodations();
  return stubFetch(({ url }) => {
    if (url === '/api/accommodations') return json(200, demoAccommodations);
    if (url === '/api/me')
      return json(200, { id: 1, name: '管理者', mail: 'admin@example.com', user_type: 1, accommodations: [1, 2] });
    if (url.startsWith('/api/admin/schedules/groups?') || url === '/api/admin/schedules/groups')
      return json(200, { groups: [shiftGroup] });
    if (url === '/api/admin/schedules/groups/5/entries')
      return json(200, {
        group: shiftGroup,
        users: [{ id: 7, name: 'スタッフ 花子' }],
        accommodations: [{ id: 1, name: 'やどばん本館', short_name: '本', color: 'e05a7a' }],
        entries: [],
        can_mark: false,
        can_assign: true,
      });
    return json(404, { code: 'not_found', message: '対象のデータが見つかりません。' });
  });
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;

describe('routing', () => {
  it.each(['/m/', '/m/user', '/m/accommodation/1/plan'])(
    'sends a visitor without a token from %s to /',
    async (path) => {
      stubFetch(() => json(401, { code: 'unauthorized', message: 'x' }));
      renderAt(path);
      await waitFor(() => expect(location()).toBe('/'), { timeout: 10_000 });
      expect(await screen.findByRole('button', { name: 'ログイン' })).toBeInTheDocument();
    },
  );

  it.each(['/login', '/m/login', '/unknown'])('leads %s to the login page', async (path) => {
    stubFetch(() => json(401, { code: 'unauthorized', message: 'x' }));
    renderAt(path);
    await waitFor(() => expect(location()).toBe('/'), { timeout: 10_000 });
  });

  it('shows the home page with the company and its accommodations at /m/', async () => {
    signIn();
    renderAt('/m/');
    const card = await screen.findByRole('heading', { name: '株式会社やどばん' }, { timeout: 10_000 });
    expect(card).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('react-admin-title')).toHaveTextContent('ホーム'));
    const link = screen.getByRole('link', { name: 'やどばん本館のカレンダーを開く' });
    expect(link).toHaveAttribute('href', '/m/accommodation/1');
    expect(within(screen.getByTestId('app-header')).getByTestId('company-name')).toHaveTextContent('株式会社やどばん');
  });

  it('opens the petty cash page of the facility, no longer a placeholder (準備中)', async () => {
    signIn();
    renderAt('/m/accommodation/1/cash');
    await waitFor(() => expect(document.getElementById('react-admin-title')).toHaveTextContent('小口現金'));
    expect(screen.getByTestId('selected-accommodation')).toHaveTextContent('やどばん本館');
    expect(screen.getByRole('tab', { name: '小口現金' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1, name: '小口現金' })).toBeInTheDocument();
    expect(screen.getByTestId('cash-page')).toBeInTheDocument();
    expect(screen.queryByText('準備中')).not.toBeInTheDocument();
  });

  it.each([
    ['/m/timesheet', 'シフトグループ一覧', 'timesheets-list'],
    ['/m/timesheet/5', 'シフトカレンダー', 'timesheet-grid'],
    ['/m/analitcs', 'ゲスト分析', 'analytics-show'],
    ['/m/analitcs/2031/4', 'ゲスト分析', 'analytics-show'],
    ['/m/accommodation/1/setting', '詳細設定', 'setting-page'],
  ])('opens the page at %s with its heading %s, no longer a placeholder (準備中)', async (path, title, testId) => {
    const { calls } = signIn();
    renderAt(path);
    expect(await screen.findByTestId(testId, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('react-admin-title')).toHaveTextContent(title));
    expect(screen.queryByText('準備中')).not.toBeInTheDocument();
    if (path === '/m/analitcs/2031/4') {
      // The month of the address, first to last day.
      await waitFor(() =>
        expect(calls.map((c) => c.url)).toContainEqual(
          expect.stringContaining('start_date=2031-04-01&end_date=2031-04-30'),
        ),
      );
    }
  });
});
