import { useState } from 'react';
import { Box, Button, Chip, IconButton, List, ListItem, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useNotify } from 'react-admin';
import type { Booking, BookingOption } from '../../contract/booking';
import { errorMessages } from '../../contract/messages';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { failureMessage } from '../../dataProvider/apiErrors';
import { BookingOptionDialog } from './BookingOptionDialog';
import { OptionPaidDialog } from './OptionPaidDialog';
import { EmptyNote, PanelSection } from './PanelSection';
import { isOptionPaid, optionLineTotal } from './paymentModel';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';

export interface OptionSectionProps {
  booking: Booking;
  /** After an option was added, changed, paid or removed: reload the booking (its total follows). */
  onChanged: () => Promise<void>;
}

type Popup = { kind: 'add' } | { kind: 'edit'; option: BookingOption } | { kind: 'paid'; option: BookingOption };

/**
 * オプション: the options attached to the booking with their line totals, partner and paid state, and
 * the add / edit / paid-toggle / remove popups. A cancelled booking's options are read-only.
 */
export function OptionSection({ booking, onChanged }: OptionSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [popup, setPopup] = useState<Popup | null>(null);
  // The option asked about stays set while the confirmation closes: its text must not flash back.
  const [removing, setRemoving] = useState<BookingOption | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const readOnly = booking.delete_flg === 1;
  const close = () => setPopup(null);

  const saved = async (message: string) => {
    close();
    notify(message, { type: 'success' });
    await onChanged();
  };

  const remove = async (option: BookingOption) => {
    setBusy(true);
    try {
      await dataProvider.removeBookingOption(booking.id, option.id);
      setRemoveOpen(false);
      notify('app.booking_option.removed', { type: 'success' });
      await onChanged();
    } catch (error) {
      setRemoveOpen(false);
      notify(failureMessage(error, errorMessages.deleteFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelSection
      title={translate('app.booking.options')}
      testId="booking-options"
      action={
        !readOnly && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setPopup({ kind: 'add' })}>
            {translate('app.booking_option.add')}
          </Button>
        )
      }
    >
      {booking.options.length === 0 ? (
        <EmptyNote>{translate('app.booking.no_options')}</EmptyNote>
      ) : (
        <List dense disablePadding>
          {booking.options.map((o) => (
            <OptionRow
              key={o.id}
              option={o}
              readOnly={readOnly}
              onPaid={() => setPopup({ kind: 'paid', option: o })}
              onEdit={() => setPopup({ kind: 'edit', option: o })}
              onRemove={() => {
                setRemoving(o);
                setRemoveOpen(true);
              }}
            />
          ))}
        </List>
      )}
      {readOnly && booking.options.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.booking_option.read_only')}
        </Typography>
      )}
      {(popup?.kind === 'add' || popup?.kind === 'edit') && (
        <BookingOptionDialog
          accommodationId={booking.accommodation_id}
          bookId={booking.id}
          roomId={booking.room_id}
          option={popup.kind === 'edit' ? popup.option : undefined}
          onClose={close}
          onSaved={() => void saved('app.booking_option.saved')}
        />
      )}
      {popup?.kind === 'paid' && (
        <OptionPaidDialog
          bookId={booking.id}
          option={popup.option}
          onClose={close}
          onSaved={(paid) =>
            void saved(
              translate('app.booking_option.paid_saved', {
                name: popup.option.name,
                state: translate(paid ? 'app.booking_option.paid' : 'app.booking_option.unpaid'),
              }),
            )
          }
        />
      )}
      <ConfirmDialog
        open={removeOpen}
        title={translate('app.booking_option.remove_title')}
        content={removing && translate('app.booking_option.remove_content', { name: removing.name })}
        loading={busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoveOpen(false)}
      />
    </PanelSection>
  );
}

interface OptionRowProps {
  option: BookingOption;
  readOnly: boolean;
  onPaid: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

function OptionRow({ option, readOnly, onPaid, onEdit, onRemove }: OptionRowProps) {
  const translate = useAppTranslate();
  const paid = isOptionPaid(option);
  const label = translate(paid ? 'app.booking_option.paid' : 'app.booking_option.unpaid');
  return (
    <ListItem disableGutters divider data-testid="option-row" sx={{ alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {option.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {option.supplier ?? translate('app.booking_option.official')}
          </Typography>
        </Stack>
        <Typography variant="body2" data-testid="option-line" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {translate('app.booking_option.line', {
            price: formatYen(option.price),
            unit: option.unit,
            days: option.days,
            total: formatYen(optionLineTotal(option)),
          })}
        </Typography>
        {option.comment && (
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', display: 'block' }}>
            {option.comment}
          </Typography>
        )}
        {paid && option.paid_at && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.booking_option.paid_on', { date: formatDate(option.paid_at) })}
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
        <Chip
          size="small"
          label={label}
          color={paid ? 'success' : 'warning'}
          variant={paid ? 'filled' : 'outlined'}
          data-testid="option-paid"
          {...(readOnly ? {} : { onClick: onPaid })}
        />
        {!readOnly && (
          <>
            {(
              [
                ['app.booking_option.edit', onEdit, EditIcon],
                ['app.booking_option.remove', onRemove, DeleteIcon],
              ] as const
            ).map(([label, onClick, Icon]) => (
              <IconButton
                key={label}
                size="small"
                aria-label={translate(label, { name: option.name })}
                onClick={onClick}
              >
                <Icon fontSize="small" />
              </IconButton>
            ))}
          </>
        )}
      </Stack>
    </ListItem>
  );
}
