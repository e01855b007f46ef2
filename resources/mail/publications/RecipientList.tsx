import {
  Box,
  Button,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import type { Recipient } from '../../../contract/mailPublication';
import { useAppTranslate } from '../../../i18n/useAppTranslate';

/**
 * A recipient on the list: ticked or not, and whether a search, a CSV or the publication being
 * edited (`saved`) brought it (a search replaces its own only).
 */
export interface Candidate extends Recipient {
  checked: boolean;
  from: 'search' | 'csv' | 'saved';
}

/** The recipient list shows this many rows; the rest are counted (and sent) all the same. */
const SHOWN = 500;

/** The recipients found and read, each with its tick; all or none in one click. */
export function RecipientList({
  candidates,
  onChange,
}: {
  candidates: Candidate[];
  onChange: (list: Candidate[]) => void;
}) {
  const translate = useAppTranslate();
  const selected = candidates.filter((c) => c.checked).length;
  const setAll = (checked: boolean) => onChange(candidates.map((c) => ({ ...c, checked })));
  const toggle = (index: number) =>
    onChange(candidates.map((c, i) => (i === index ? { ...c, checked: !c.checked } : c)));
  return (
    <Box data-testid="recipient-list">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">
          {translate('app.mail_publication.recipients')}
        </Typography>
        <Typography variant="body2" data-testid="recipient-selected">
          {translate('app.mail_publication.selected', { selected, total: candidates.length })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={() => setAll(true)} disabled={candidates.length === 0}>
          {translate('app.mail_publication.select_all')}
        </Button>
        <Button size="small" onClick={() => setAll(false)} disabled={candidates.length === 0}>
          {translate('app.mail_publication.select_none')}
        </Button>
      </Box>
      {candidates.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.mail_publication.no_recipients')}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 420, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {candidates.slice(0, SHOWN).map((c, index) => (
            <ListItem key={c.mail.toLowerCase()} disablePadding>
              <ListItemButton onClick={() => toggle(index)} dense>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    size="small"
                    checked={c.checked}
                    tabIndex={-1}
                    inputProps={{ 'aria-label': c.mail }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={c.name ?? c.mail}
                  secondary={c.name ? c.mail : null}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
          {candidates.length > SHOWN && (
            <ListItem>
              <ListItemText secondary={`ほか${(candidates.length - SHOWN).toLocaleString('ja-JP')}件`} />
            </ListItem>
          )}
        </List>
      )}
    </Box>
  );
}
