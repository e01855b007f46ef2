import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { MailPopup } from '../../src/components/MailPopup';
import { renderInAdmin } from './helpers';

describe('ConfirmDialog', () => {
  it('asks in Japanese before a delete and tells which button was pressed', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderInAdmin(<ConfirmDialog open onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '削除の確認' });
    expect(dialog).toHaveTextContent('削除してもよろしいですか');
    fireEvent.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('holds both buttons while the delete runs', () => {
    const onConfirm = vi.fn();
    renderInAdmin(<ConfirmDialog open loading title="部屋の削除" onConfirm={onConfirm} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: '部屋の削除' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
  });
});

describe('MailPopup', () => {
  it('shows the title and the body with its line breaks kept', () => {
    const body = '山田 太郎 様\n\nご予約ありがとうございます。\n宿泊日: 2026年12月24日';
    const onClose = vi.fn();
    renderInAdmin(<MailPopup open title="ご予約完了のお知らせ" body={body} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'ご予約完了のお知らせ' })).toBeInTheDocument();
    const shown = screen.getByTestId('mail-popup-body');
    expect(shown.textContent).toBe(body);
    expect(getComputedStyle(shown).whiteSpace).toBe('pre-wrap');
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
