import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { useQuery } from '@tanstack/react-query';
import type { Booking, BookingHistoryItem } from '../../contract/booking';
import { jobLabel, payTypeLabel, viaLabel } from '../../contract/enums';
import type { PlanListItem } from '../../contract/plan';
import type { Room } from '../../contract/room';
import { useAccommodationList } from '../../src/crud/useAccommodationList';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDate, formatDateTime, formatYen } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EmptyNote, PanelSection } from './PanelSection';

const YEN_FIELDS = new Set(['price', 'price_sub', 'amount', 'refund_amount', 'cancel_fee']);
const DATE_FIELDS = new Set(['start_date', 'payment_exe_date', 'payment_limit_date']);
/** Fields stored as codes: shown by their Japanese names, as the panel shows them. */
const CODE_LABELS: Record<string, (code: number) => string> = { pay_type: payTypeLabel, via: viaLabel, job: jobLabel };

/**
 * 履歴: who changed the booking, its payments, refunds and options, and what from what (newest
 * first), read when opened. A change saved in the panel refreshes it (react-admin's `books` queries).
 */
export function HistorySection({ booking }: { booking: Booking }) {
  const bookId = booking.id;
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [open, setOpen] = useState(false);
  const { data, isPending, isError } = useQuery({
    queryKey: ['books', 'history', bookId],
    queryFn: () => dataProvider.getBookingHistory(bookId),
    enabled: open,
  });
  const t = (key: string) => translate(`app.booking.audit.${key}` as AppMessageKey);
  const fieldLabel = (field: string) => {
    const own = `app.booking.audit.fields.${field}` as AppMessageKey;
    const text = translate(own);
    return text !== own ? text : translate(`resources.bookings.fields.${field}` as AppMessageKey);
  };
  // Room types and plans by name (the panel has read them already: react-admin's cache).
  const rooms = useAccommodationList<Room>('rooms', booking.accommodation_id).data ?? [];
  const plans = useAccommodationList<PlanListItem>('plans', booking.accommodation_id).data ?? [];
  const named: Record<string, (id: number) => string | undefined> = {
    room_id: (id) => rooms.find((r) => r.id === id)?.name,
    plan_id: (id) => plans.find((p) => p.id === id)?.name,
  };
  const value = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'number' && CODE_LABELS[field]) return CODE_LABELS[field](v);
    if (typeof v === 'number' && named[field]) return named[field](v) ?? String(v);
    if (YEN_FIELDS.has(field)) return formatYen(v as number);
    if (DATE_FIELDS.has(field)) return formatDate(v as string);
    if (typeof v === 'boolean') return v ? '○' : '—';
    return String(v);
  };
  /**
   * A side of a change. A row that keeps the plan's name with its id (the removal of a deleted
   * plan) is read by that name, as the plan may be gone; no plan reads なし.
   */
  const side = (h: BookingHistoryItem, field: string, end: 'from' | 'to') => {
    const v = h.changes[field]![end];
    if (field === 'plan_id') {
      if (v === null || v === undefined) return t('no_plan');
      const kept = h.changes.plan_name?.[end];
      if (typeof kept === 'string') return kept;
    }
    return value(field, v);
  };
  const line = (h: BookingHistoryItem) =>
    Object.keys(h.changes)
      .filter((field) => !(field === 'plan_name' && 'plan_id' in h.changes))
      .map((field) =>
        h.action === 'update' || h.action === 'cancel' || field === 'price'
          ? `${fieldLabel(field)}: ${side(h, field, 'from')} → ${side(h, field, 'to')}`
          : `${fieldLabel(field)}: ${side(h, field, h.action === 'delete' || h.action === 'void' ? 'from' : 'to')}`,
      )
      .join('、');

  return (
    <PanelSection
      title={t('title')}
      testId="booking-history"
      action={
        !open && (
          <Button size="small" startIcon={<HistoryEduIcon />} onClick={() => setOpen(true)}>
            {t('show')}
          </Button>
        )
      }
    >
      {open && isPending && <EmptyNote>{translate('app.booking.loading')}</EmptyNote>}
      {open && isError && <EmptyNote>{t('load_failed')}</EmptyNote>}
      {open && data && data.length === 0 && <EmptyNote>{t('empty')}</EmptyNote>}
      {open && data && data.length > 0 && (
        <List dense disablePadding>
          {data.map((h, i) => (
            <ListItem key={i} disableGutters data-testid="history-row" sx={{ alignItems: 'flex-start' }}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
                      {t(`targets.${h.target.type}`)}の{t(`actions.${h.action}`)}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {formatDateTime(h.at)} {h.user_name}
                    </Typography>
                  </Box>
                }
                secondary={line(h)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </PanelSection>
  );
}
