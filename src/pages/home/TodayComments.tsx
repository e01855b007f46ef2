import { useMemo } from 'react';
import { Box, List, ListItem, ListItemAvatar, ListItemText } from '@mui/material';
import { Link } from 'react-router-dom';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ListStatus } from '../../components/ListStatus';
import { links } from '../../routes';
import { Facility } from '../../components/Facility';
import { SectionCard } from '../../components/SectionCard';
import { rowsOf, useApiQuery } from '../../hooks/useApiQuery';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';

/** The calendar comments of today, of every reachable accommodation; each links to its day. */
export function TodayComments({ today, version }: { today: string; version: number }) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const { accommodations } = useAccommodations();
  const idsKey = accommodations.map((a) => a.id).join(',');
  const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split(',').map(Number)), [idsKey]);
  const state = useApiQuery(['calendar_comments', 'today', ids, today, version], async () =>
    (await Promise.all(ids.map((id) => dataProvider.listComments(id, today, today))))
      .flat()
      .filter((c) => c.target_date === today && c.comment.trim() !== ''),
  );
  const comments = rowsOf(state);

  return (
    <SectionCard title={translate('app.dashboard.comments.title')} count={comments.length} testId="today-comments">
      <ListStatus
        status={state.status}
        count={comments.length}
        loadingLabel={translate('app.dashboard.loading')}
        failedText={translate('app.dashboard.load_failed')}
        emptyText={translate('app.dashboard.comments.empty')}
      />
      {comments.length > 0 && (
        <List dense disablePadding>
          {comments.map((c) => (
            <ListItem key={c.id} disableGutters alignItems="flex-start" data-comment-id={c.id}>
              <ListItemAvatar sx={{ minWidth: 40, mt: 0.5 }}>
                <Box component={Link} to={links.dayOf(c.accommodation_id, today)} sx={{ textDecoration: 'none' }}>
                  <Facility accommodationId={c.accommodation_id} iconOnly />
                </Box>
              </ListItemAvatar>
              <ListItemText primary={c.comment} slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }} />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
