import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Booking } from '../../contract/booking';
import { payTypeLabel } from '../../contract/enums';
import { formatDate, formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box component="section" data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, borderBottom: 1, borderColor: 'divider' }}>
        {title}
      </Typography>
      <Box sx={{ minHeight: 32, py: 0.5 }}>{children}</Box>
    </Box>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/**
 * 入金, オプション and メール of an existing booking. Payments and options are listed read-only
 * here; registering them and the mail history come with later issues (their popups go in these
 * sections).
 */
export function BookingSections({ booking }: { booking: Booking }) {
  const translate = useAppTranslate();
  return (
    <>
      <Section title={translate('app.booking.payments')} testId="booking-payments">
        {booking.payments.length === 0 ? (
          <Empty>{translate('app.booking.no_payments')}</Empty>
        ) : (
          <List dense disablePadding>
            {booking.payments.map((p) => (
              <ListItem key={p.id} disableGutters>
                <ListItemText
                  primary={`${formatYen(p.amount)} ${payTypeLabel(p.pay_type)}`}
                  secondary={p.payment_exe_date ? formatDate(p.payment_exe_date) : translate('app.booking.provisional')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={translate('app.booking.options')} testId="booking-options">
        {booking.options.length === 0 ? (
          <Empty>{translate('app.booking.no_options')}</Empty>
        ) : (
          <List dense disablePadding>
            {booking.options.map((o) => (
              <ListItem key={o.id} disableGutters secondaryAction={formatYen(o.price)}>
                <ListItemText primary={translate('app.booking.option_line', { name: o.name, unit: o.unit })} />
              </ListItem>
            ))}
          </List>
        )}
      </Section>
      <Section title={translate('app.booking.mails')} testId="booking-mails">
        <Empty>{translate('app.booking.coming')}</Empty>
      </Section>
    </>
  );
}
