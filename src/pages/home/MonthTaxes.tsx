import { Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { formatYen } from '../../../i18n/formats';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../hooks/useApiQuery';
import { links } from '../../routes';

/**
 * The dashboard's 今月の宿泊税・入湯税 (issue 31): each facility that collects either, with this
 * month's totals so far, linked to its register page where the month's ledger is. Shown only when
 * the user reaches such a facility.
 */
export function MonthTaxes({ version }: { version: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['books', 'tax-month', version], (signal) => dataProvider.getTaxMonth(signal));
  if (state.status === 'loading' || (state.status === 'ready' && state.data.facilities.length === 0)) return null;
  return (
    <SectionCard title={translate('app.dashboard.taxes.title')} testId="month-taxes">
      {state.status === 'failed' ? (
        <Typography color="text.secondary">{translate('app.dashboard.taxes.load_failed')}</Typography>
      ) : (
        <Stack spacing={1}>
          {state.data.facilities.map((f) => (
            <Box key={f.accommodation_id} data-testid="month-taxes-facility">
              <Link component={RouterLink} to={links.register(f.accommodation_id)} variant="body2" fontWeight={700}>
                {f.name}
              </Link>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {translate('app.dashboard.taxes.line', {
                  accommodation: formatYen(f.accommodation),
                  bathing: formatYen(f.bathing),
                })}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
