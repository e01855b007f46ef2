import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testMailWaiting } from '../../contract/mailTemplate';
import { z } from '../../contract/zod';
import { AppNotification } from '../../src/components/AppNotification';
import { TestMailDialog } from '../../resources/mail/TestMailDialog';
import { renderInContext } from './helpers';

function renderDialog(waiting: boolean) {
  const send = vi.fn().mockResolvedValue({ id: 7, waiting });
  renderInContext(
    <>
      <TestMailDialog
        texts={{ title: 'テスト送信', address: '送信先メールアドレス', cancel: 'キャンセル', send: '送信' }}
        schema={z.object({ mail_address: z.string() })}
        send={send}
        sent={(address) => `テストメールの送信を受け付けました（${address}）。`}
        failure={() => '送信できませんでした'}
        onClose={() => undefined}
      />
      <AppNotification />
    </>,
    // The popup calls only `send`, given above: no provider method is needed.
    { dataProvider: {} },
  );
  return { send };
}

describe('the test send popup', () => {
  it('says the mail waits when the server has no SMTP server, not 受け付けました (issue 32)', async () => {
    renderDialog(true);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /送信先メールアドレス/ }), 'me@example.jp');
    await user.click(screen.getByRole('button', { name: '送信' }));
    const box = await screen.findByTestId('message-box');
    expect(box).toHaveTextContent(testMailWaiting('me@example.jp'));
    expect(box).not.toHaveTextContent('受け付けました');
  });

  it('says 受け付けました when the mail goes out over SMTP', async () => {
    renderDialog(false);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /送信先メールアドレス/ }), 'me@example.jp');
    await user.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByTestId('message-box')).toHaveTextContent(
      'テストメールの送信を受け付けました（me@example.jp）。',
    );
  });
});
