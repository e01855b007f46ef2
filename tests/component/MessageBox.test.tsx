import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Button } from '@mui/material';
import { useNotify } from 'react-admin';
import { AppNotification } from '../../src/components/AppNotification';
import { MESSAGE_BOX_AUTO_CLOSE_MS, MessageBox } from '../../src/components/MessageBox';
import { vi } from 'vitest';
import { renderInAdmin } from './helpers';

function Harness({ type }: { type: 'error' | 'info' }) {
  const [open, setOpen] = useState(true);
  return <MessageBox open={open} message="同期が完了しました" type={type} onClose={() => setOpen(false)} />;
}

describe('MessageBox', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes itself after 5000 ms', () => {
    render(<Harness type="info" />);
    expect(screen.getByText('同期が完了しました')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(MESSAGE_BOX_AUTO_CLOSE_MS - 1));
    expect(screen.getByText('同期が完了しました')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('同期が完了しました')).not.toBeInTheDocument();
    expect(MESSAGE_BOX_AUTO_CLOSE_MS).toBe(5000);
  });

  it('closes on its close button', () => {
    render(<Harness type="error" />);
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByText('同期が完了しました')).not.toBeInTheDocument();
  });

  it('has an error style and an info style', () => {
    const { unmount } = render(<Harness type="error" />);
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filledError');
    unmount();
    render(<Harness type="info" />);
    expect(screen.getByRole('status')).toHaveClass('MuiAlert-filledInfo');
  });
});

function NotifyButton() {
  const notify = useNotify();
  return <Button onClick={() => notify('削除に失敗しました。', { type: 'error' })}>notify</Button>;
}

describe('AppNotification', () => {
  it('shows react-admin notifications in the message box', async () => {
    renderInAdmin(
      <>
        <NotifyButton />
        <AppNotification />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('削除に失敗しました。');
    expect(alert).toHaveClass('MuiAlert-filledError');
  });
});
