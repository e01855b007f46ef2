import { useState } from 'react';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import { useQuery } from '@tanstack/react-query';
import type { BookingHistoryItem } from '../../contract/booking';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatDate, formatDateTime, formatYen } from '../../i18n/formats';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { EmptyNote, PanelSection } from './PanelSection';

const YEN_FIELDS = new Set(['price', 'price_sub', 'amount', 'refund_amount', 'cancel_fee']);
const DATE_FIELDS = new Set(['start_date', 'payment_exe_date', 'payment_limit_date']);

/**
 * 履歴: who changed the booking, its payments, refunds and options, and what from what (newest
 * first), read when opened. A change saved in the panel refreshes it (react-admin's `books` queries).
 */
export function HistorySection({ bookId }: { bookId: number }) {
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
  const value = (field: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (YEN_FIELDS.has(field)) return formatYen(v as number);
    if (DATE_FIELDS.has(field)) return formatDate(v as string);
    if (typeof v === 'boolean') return v ? '○' : '—';
    return String(v);
  };
  const line = (h: BookingHistoryItem) =>
    Object.entries(h.changes)
      .map(([field, c]) =>
        h.action === 'update' || h.action === 'cancel' || field === 'price'
          ? `${fieldLabel(field)}: ${value(field, c.from)} → ${value(field, c.to)}`
          : `${fieldLabel(field)}: ${value(field, h.action === 'delete' || h.action === 'void' ? c.from : c.to)}`,
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
