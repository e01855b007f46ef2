import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { clearSession } from '../../dataProvider/tokenStore';
import { AppHeader } from '../../src/layout/AppHeader';
import { AppMenu } from '../../src/layout/AppMenu';
import { pageRoutes } from '../../src/routes';
import { demoAccommodations, renderInAdmin, storeDemoAccommodations } from './helpers';

beforeEach(() => storeDemoAccommodations());
afterEach(() => clearSession());

const signedInAs = (isAdmin: boolean): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve({ isAdmin }),
});

describe('sidebar', () => {
  it('lists the company entries, one entry per stored accommodation and the version 2.0.1', async () => {
    renderInAdmin(<AppMenu />, { authProvider: signedInAs(true) });
    const expected: [string, string][] = [
      ['ホーム', '/m/'],
      ['ユーザー管理', '/m/user'],
      ['パートナー', '/m/supplier'],
      ['シフト', '/m/timesheet'],
      ['一括メール', '/m/mail'],
      ['ゲスト分析', '/m/analitcs'],
    ];
    await screen.findByRole('menuitem', { name: 'ユーザー管理' });
    for (const [label, href] of expected) {
      expect(screen.getByRole('menuitem', { name: label })).toHaveAttribute('href', href);
    }
    const items = screen.getAllByTestId('accommodation-menu-item');
    expect(items).toHaveLength(demoAccommodations.accommodations.length);
    demoAccommodations.accommodations.forEach((a, i) => {
      const item = items[i]!;
      expect(item).toHaveAttribute('href', `/m/accommodation/${a.id}`);
      expect(item).toHaveTextContent(a.name);
      const icon = within(item).getByTestId('facility-icon');
      expect(icon).toHaveTextContent(a.short_name);
      expect(icon).toHaveAttribute('data-color', a.color);
    });
    expect(screen.getByTestId('sidebar-version')).toHaveTextContent('2.0.1');
  });

  it('has an entry for every company page the console routes (placeholders too)', async () => {
    renderInAdmin(<AppMenu />, { authProvider: signedInAs(true) });
    await screen.findByRole('menuitem', { name: 'ユーザー管理' });
    const hrefs = screen.getAllByRole('menuitem').map((item) => item.getAttribute('href'));
    // A company page is a route of its own under /m/ (sub-pages such as mail/create and pages of
    // one record or one accommodation are reached from those).
    const companyPages = Object.values(pageRoutes)
      .map((route) => route.path)
      .filter((path) => !path.includes('/') && !path.includes(':'));
    expect(companyPages).toContain('timesheet');
    for (const path of companyPages) expect(hrefs).toContain(`/m/${path}`);
    expect(hrefs).toContain('/m/books');
  });

  it('offers staff no company administration (users, partners)', async () => {
    renderInAdmin(<AppMenu />, { authProvider: signedInAs(false) });
    await screen.findByRole('menuitem', { name: 'ゲスト分析' });
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toContain('一括メール'));
    expect(screen.queryByRole('menuitem', { name: 'ユーザー管理' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'パートナー' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'シフト' })).toHaveAttribute('href', '/m/timesheet');
  });
});

describe('header', () => {
  it('shows the company name, the logout action and the version 1.0.1', () => {
    renderInAdmin(<AppHeader />);
    expect(screen.getByTestId('company-name')).toHaveTextContent('株式会社やどばん');
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
    expect(screen.getByTestId('header-version')).toHaveTextContent('1.0.1');
    expect(screen.queryByTestId('selected-accommodation')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows the selected accommodation and its menu, mail templates by uid', () => {
    renderInAdmin(<AppHeader />, { path: '/m/accommodation/2/plan' });
    expect(screen.getByTestId('selected-accommodation')).toHaveTextContent('海辺の離れ');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['カレンダー', '/m/accommodation/2'],
      ['宿泊者名簿', '/m/accommodation/2/register'],
      ['小口現金', '/m/accommodation/2/cash'],
      ['詳細設定', '/m/accommodation/2/setting'],
      ['プラン', '/m/accommodation/2/plan'],
      ['部屋', '/m/accommodation/2/room'],
      ['オプション', '/m/accommodation/2/option'],
      ['メールテンプレート', '/m/accommodation/d4e5f6/mail/template'],
      ['FAQ', '/m/accommodation/2/faq'],
    ]);
    expect(screen.getByRole('tab', { name: 'プラン' })).toHaveAttribute('aria-selected', 'true');
  });

  it('logs out to /', async () => {
    const authProvider: AuthProvider = {
      login: vi.fn(),
      logout: vi.fn(() => Promise.resolve('/')),
      checkAuth: vi.fn(() => Promise.resolve()),
      checkError: vi.fn(() => Promise.resolve()),
    };
    renderInAdmin(<AppHeader />, { path: '/m/user', authProvider });
    fireEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(authProvider.logout).toHaveBeenCalled();
  });
});
