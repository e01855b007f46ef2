import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Typography,
  type Breakpoint,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import type { AutosaveStatus } from '../hooks/useAutosaveForm';

/** The resources with a settings panel; their messages are `app.<resource>.*`. */
export type SettingsResource = 'room' | 'plan';

/** What a list gives the settings panel of one of its records. */
export interface SettingsPanelLinks<R> {
  accommodationId: number;
  onClose: () => void;
  /** After a create or a save: the list reloads. */
  onChanged: () => void;
  /** A new record was created: the panel shows it. */
  onCreated: (record: R) => void;
}

export interface SettingsPanelProps {
  /** Names the messages (`app.room.title`, …) and the test id (`room-panel`). */
  resource: SettingsResource;
  /** What useAutosaveForm gives: a new record shows the create button. */
  settings: { isNew: boolean; status: AutosaveStatus; busy: boolean; submit: (event: FormEvent) => void };
  /** A number of pixels, or one per breakpoint. */
  maxWidth: number | Partial<Record<Breakpoint, number | string>>;
  onClose: () => void;
  /** The inputs (and what follows them), shown once the record is ready. */
  children: ReactNode;
}

/**
 * The settings panel beside a list (rooms, plans): a heading with ×, then the form of one record.
 * An existing record says that its fields save as they are left; a new one ends with 作成.
 */
export function SettingsPanel({ resource, settings, maxWidth, onClose, children }: SettingsPanelProps) {
  const translate = useAppTranslate();
  const { isNew, status, busy, submit } = settings;
  const panelRef = useRef<HTMLElement>(null);

  // Below the list on a narrower screen: the panel that was just opened comes into view.
  useEffect(() => {
    panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  const title = translate(isNew ? `app.${resource}.title_new` : `app.${resource}.title`);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      ref={panelRef}
      data-testid={`${resource}-panel`}
      sx={{ p: 2, width: '100%', maxWidth }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <IconButton aria-label={translate('app.action.close')} onClick={onClose} sx={{ ml: 'auto' }}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {status === 'loading' && <CircularProgress size={28} aria-label={translate(`app.${resource}.loading`)} />}
      {status === 'missing' && <Alert severity="warning">{translate(`app.${resource}.not_found`)}</Alert>}
      {status === 'ready' && (
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          {!isNew && (
            <Typography variant="body2" color="text.secondary">
              {translate(`app.${resource}.autosave`)}
            </Typography>
          )}
          {children}
          {isNew && (
            <Box>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate(`app.${resource}.create`)}
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}
