import { useState } from 'react';
import { Button, Chip, Stack, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import type { Booking } from '../../../contract/booking';
import { errorMessages } from '../../../contract/messages';
import { REGISTER_FIELD_LABELS } from '../../../contract/registerLabels';
import { daysBetween, tokyoToday } from '../../../contract/dates';
import { stayHasBegun, type StayMove } from '../../../contract/stay';
import { failureMessage } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatDate, formatDateTime } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';

type Move = 'checkin' | 'checkout' | 'no-show';

/**
 * The front desk's line of a booking (issue 30): the stay's state with its time, and the move it
 * may take now: チェックイン and ノーショー from the first day while reserved, チェックアウト after a
 * check-in. A check-in with an incomplete register goes through and says what is missing.
 */
export function StayActions({ booking, onMoved }: { booking: Booking; onMoved: () => Promise<void> }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [askNoShow, setAskNoShow] = useState(false);
  const [askEarly, setAskEarly] = useState(false);
  const today = tokyoToday();
  // Leaving before the last day (and after the first night): the nights left go back to stock.
  const early = booking.start_date < today && today < booking.end_date;
  const status = booking.stay_status ?? 'reserved';
  const started = stayHasBegun(booking.start_date);
  if (booking.delete_flg === 1) return null;

  const said = (to: Move, moved: StayMove) => {
    if (to === 'checkout') return translate('app.register.checked_out');
    if (to === 'no-show') return translate('app.register.no_show_done');
    const labels = REGISTER_FIELD_LABELS as Record<string, string>;
    const fields = [...new Set(moved.register.missing.flatMap((m) => m.fields))].map((f) => labels[f] ?? f);
    return fields.length > 0
      ? translate('app.register.checked_in_incomplete', { fields: fields.join('、') })
      : translate('app.register.checked_in');
  };

  const move = async (to: Move, departure?: string) => {
    setBusy(true);
    try {
      const moved = await dataProvider.moveStay(booking.id, to, departure);
      const incomplete = to === 'checkin' && moved.register.status !== 'complete';
      notify(said(to, moved), { type: incomplete ? 'warning' : 'success' });
      await onMoved();
    } catch (error) {
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    } finally {
      setBusy(false);
      setAskNoShow(false);
      setAskEarly(false);
    }
  };

  const time =
    status === 'checked_in' ? booking.checked_in_at : status === 'checked_out' ? booking.checked_out_at : null;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid="stay-actions">
      <Chip
        size="small"
        variant={status === 'reserved' ? 'outlined' : 'filled'}
        color={status === 'checked_in' ? 'primary' : status === 'no_show' ? 'error' : 'default'}
        label={translate(`app.register.stay.${status}`)}
        data-testid="stay-status"
        data-status={status}
      />
      {time && (
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(time)}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, ml: 'auto' }}>
        {status === 'reserved' && started && (
          <>
            <Button size="small" variant="contained" disabled={busy} onClick={() => void move('checkin')}>
              {translate('app.register.check_in')}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => setAskNoShow(true)}>
              {translate('app.register.no_show')}
            </Button>
          </>
        )}
        {status === 'checked_in' && (
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            onClick={() => (early ? setAskEarly(true) : void move('checkout'))}
          >
            {translate('app.register.check_out')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={askNoShow}
        title={translate('app.register.no_show_title')}
        content={translate('app.register.no_show_content')}
        loading={busy}
        onConfirm={() => void move('no-show')}
        onClose={() => setAskNoShow(false)}
      />
      <ConfirmDialog
        open={askEarly}
        title={translate('app.register.early_title')}
        content={translate('app.register.early_content', {
          end: formatDate(booking.end_date),
          today: formatDate(today),
          nights: daysBetween(today, booking.end_date),
        })}
        confirmLabel={translate('app.register.early_confirm')}
        confirmColor="primary"
        loading={busy}
        onConfirm={() => void move('checkout', today)}
        onClose={() => setAskEarly(false)}
      />
    </Stack>
  );
}
