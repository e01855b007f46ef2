import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking, BookingUpdate } from '../../contract/booking';
import { EXEMPT_REASON_LABELS, type TaxLine } from '../../contract/tax';
import { errorMessages } from '../../contract/messages';
import { failureMessage } from '../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EmptyNote, PanelSection } from './PanelSection';

/** Nights of one tax at one amount for the same guests: one line of the panel (a rate change makes two). */
interface TaxGroup {
  key: string;
  line: TaxLine;
  nights: number;
  amount: number;
}

function groupsOf(lines: readonly TaxLine[]): TaxGroup[] {
  const groups = new Map<string, TaxGroup>();
  for (const line of lines) {
    const key = [line.kind, line.jurisdiction, line.amount_per_person, line.guests, line.exempt_guests].join('|');
    const group = groups.get(key) ?? { key, line, nights: 0, amount: 0 };
    group.nights += 1;
    group.amount += line.amount;
    groups.set(key, group);
  }
  return [...groups.values()];
}

export interface TaxSectionProps {
  booking: Booking;
  onChanged: () => Promise<void>;
}

/**
 * 宿泊税・入湯税 of the booking panel (issue 31): each tax per person, guests and nights with its
 * amount, who is exempt and why, the total and whether it is added to the bill; and the party's
 * children under 12 and school trip, which decide the exemptions (saved at once).
 */
export function TaxSection({ booking, onChanged }: TaxSectionProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const { data, isError } = useQuery({
    // Under 'books': a refresh of react-admin reaches it; the stay's facts in the key refetch it after a change.
    queryKey: [
      'books',
      'taxes',
      booking.id,
      booking.start_date,
      booking.days,
      booking.person_number,
      booking.price_sub,
      booking.children_under_12,
      booking.school_trip,
      booking.delete_flg,
      booking.tax_due,
    ],
    queryFn: ({ signal }) => dataProvider.getBookTaxes(booking.id, signal),
  });
  const readOnly = booking.delete_flg === 1;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.booking.tax.${key}` as 'app.booking.tax.title', options);

  const save = async (patch: BookingUpdate) => {
    setBusy(true);
    try {
      await dataProvider.updateBook(booking.id, patch);
      notify(t('saved'), { type: 'success' });
      await onChanged();
    } catch (error) {
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelSection title={t('title')} testId="booking-taxes">
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <TextField
          select
          size="small"
          label={t('children')}
          value={booking.children_under_12 ?? 0}
          disabled={readOnly || busy}
          onChange={(e) => void save({ children_under_12: Number(e.target.value) })}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'data-testid': 'booking-children' } }}
        >
          {Array.from({ length: booking.person_number + 1 }, (_, n) => (
            <MenuItem key={n} value={n}>
              {n}
              {t('children_unit')}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={booking.school_trip ?? false}
              disabled={readOnly || busy}
              onChange={(e) => void save({ school_trip: e.target.checked })}
              slotProps={{ input: { 'aria-label': t('school_trip') } }}
            />
          }
          label={t('school_trip')}
        />
      </Stack>
      {isError && <EmptyNote>{t('load_failed')}</EmptyNote>}
      {data && data.lines.length === 0 && <EmptyNote>{t('none')}</EmptyNote>}
      {data && data.lines.length > 0 && (
        <Box data-testid="booking-tax-lines">
          {groupsOf(data.lines).map(({ key, line, nights, amount }) => (
            <Stack key={key} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">
                {t('line', {
                  name: line.name,
                  amount: line.amount_per_person.toLocaleString('ja-JP'),
                  guests: line.guests,
                  nights,
                })}
                {line.exempt_reason &&
                  t('exempt', { reason: EXEMPT_REASON_LABELS[line.exempt_reason], count: line.exempt_guests })}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatYen(amount)}
              </Typography>
            </Stack>
          ))}
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', gap: 1, borderTop: 1, borderColor: 'divider', mt: 0.5 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('total')}
              {data.collection && `（${t(data.collection)}）`}
            </Typography>
            <Typography
              variant="body2"
              sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
              data-testid="booking-tax-total"
            >
              {formatYen(data.total)}
            </Typography>
          </Stack>
        </Box>
      )}
    </PanelSection>
  );
}
