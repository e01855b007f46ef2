import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { phoneMessage } from '../../contract/fieldRules';
import { supplierMessages } from '../../contract/supplier';
import SupplierList from '../../resources/suppliers/SupplierList';
import { bookingMethodsStub, withCatalogue } from './BookingPanel.fixtures';
import { answerPanel, renderPanel } from './bookingPanelHarness';
import { memoryProvider, renderView } from './crudHarness';
import { stubMethods } from './helpers';

/**
 * One text rule on the forms (issue 32): every free text shows its limit under it, read from the
 * contract's schema, and a phone field refuses what is not a phone number before anything is sent.
 */

const stubs = stubMethods({ bookingMethods: bookingMethodsStub() });
const mocked = withCatalogue(vi.mocked(stubs.bookingMethods));

beforeEach(() => {
  vi.clearAllMocks();
  answerPanel(mocked);
});

describe('a generated form (partners)', () => {
  it('shows each text’s limit under it and refuses one past it on the field, sending nothing', async () => {
    const db = memoryProvider({ supplier: [] });
    const user = userEvent.setup();
    renderView(<SupplierList />, db.provider);
    await user.click(await screen.findByRole('button', { name: '新規作成' }));
    const dialog = await screen.findByRole('dialog', { name: 'パートナー作成' });
    const name = within(dialog).getByRole('textbox', { name: '名前' });
    expect(name).toHaveAccessibleDescription('100文字以内');
    expect(within(dialog).getByRole('textbox', { name: 'メールアドレス' })).toHaveAccessibleDescription('254文字以内');

    fireEvent.change(name, { target: { value: 'あ'.repeat(101) } });
    await user.type(within(dialog).getByRole('textbox', { name: 'メールアドレス' }), 'a@example.jp');
    await user.click(within(dialog).getByRole('button', { name: '作成' }));
    expect(await within(dialog).findByText(supplierMessages.nameTooLong)).toBeInTheDocument();
    expect(db.callsOf('create')).toHaveLength(0);
  });
});

describe('the booking panel', () => {
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it('shows the limit under each text and refuses tel abc-defg on the field, saving nothing', async () => {
    renderPanel(7);
    await screen.findByLabelText('電話番号');
    expect(field('電話番号')).toHaveAccessibleDescription('30文字以内');
    expect(field('宿泊者名')).toHaveAccessibleDescription('100文字以内');
    expect(field('住所')).toHaveAccessibleDescription('200文字以内');

    fireEvent.change(field('電話番号'), { target: { value: 'abc-defg' } });
    fireEvent.blur(field('電話番号'));
    expect(await screen.findByRole('alert')).toHaveTextContent(phoneMessage);
    expect(field('電話番号')).toHaveAttribute('aria-invalid', 'true');
    expect(field('電話番号')).toHaveAccessibleDescription(new RegExp(`^${phoneMessage}`));
    expect(mocked.updateBook).not.toHaveBeenCalled();

    fireEvent.change(field('電話番号'), { target: { value: '+81 (3) 1234-5678' } });
    fireEvent.blur(field('電話番号'));
    await waitFor(() => expect(mocked.updateBook).toHaveBeenCalledWith(7, { tel: '+81 (3) 1234-5678' }));
  });

  it('a new booking with tel abc-defg: the phone message on the field, nothing created', async () => {
    renderPanel(0);
    await screen.findByRole('option', { name: '和室' }, { timeout: 5000 });
    fireEvent.change(field('電話番号'), { target: { value: 'abc-defg' } });
    fireEvent.click(screen.getByRole('button', { name: '予約する' }));
    await waitFor(() => expect(field('電話番号')).toHaveAccessibleDescription(new RegExp(`^${phoneMessage}`)));
    expect(mocked.createBook).not.toHaveBeenCalled();
  });
});
