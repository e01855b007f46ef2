import { Alert, Box, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { SectionCard } from '../../components/SectionCard';
import { useApiQuery } from '../../hooks/useApiQuery';
import { links } from '../../routes';

const COLOURS = { ok: 'primary', warning: 'warning', over: 'error' } as const;

/**
 * The dashboard's minpaku houses (住宅宿泊事業法, issue 30): each house's days with guests in this
 * fiscal year of the 180 allowed, warning from 150 and past 180 (a channel's booking can take it
 * there: the site is not refused). Shown only when the user reaches a minpaku house.
 */
export function MinpakuHouses({ version }: { version: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const state = useApiQuery(['books', 'minpaku-houses', version], (signal) => dataProvider.listMinpakuHouses(signal));
  if (state.status === 'loading' || (state.status === 'ready' && state.data.houses.length === 0)) return null;
  return (
    <SectionCard title={translate('app.dashboard.minpaku.title')} testId="minpaku-houses">
      {state.status === 'failed' ? (
        <Typography color="text.secondary">{translate('app.dashboard.minpaku.load_failed')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {state.data.houses.map((h) => (
            <Box key={h.accommodation_id} data-testid="minpaku-house" data-level={h.level}>
              <Link component={RouterLink} to={links.setting(h.accommodation_id)} variant="body2" fontWeight={700}>
                {h.name}
              </Link>
              <Typography variant="body2">
                {translate('app.dashboard.minpaku.days', {
                  year: h.fiscal_year,
                  used: h.days_used,
                  limit: h.limit,
                  remaining: h.remaining,
                })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (h.days_used / h.limit) * 100)}
                color={COLOURS[h.level]}
                aria-label={h.name}
                sx={{ height: 6, borderRadius: 3, my: 0.5 }}
              />
              {h.level !== 'ok' && (
                <Alert severity={h.level === 'over' ? 'error' : 'warning'} sx={{ py: 0 }}>
                  {translate(`app.dashboard.minpaku.${h.level}`, { limit: h.limit })}
                </Alert>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
