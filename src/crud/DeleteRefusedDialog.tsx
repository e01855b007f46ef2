import type { ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export interface DeleteRefusedDialogProps {
  /** The server's sentence: why, how many, and the first of them (one per line). */
  message: string | null;
  onClose: () => void;
  /** The way out the entity offers instead of deleting (a plan: stop selling it). */
  action?: ReactNode;
}

/**
 * A delete the server refused (409: bookings or options still use the row): the reason stays on
 * screen with its list until the user closes it or takes the way out, never a toast that fades.
 */
export function DeleteRefusedDialog({ message, onClose, action }: DeleteRefusedDialogProps) {
  const translate = useAppTranslate();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="delete-refused-title" maxWidth="sm" fullWidth>
      <DialogTitle id="delete-refused-title">{translate('app.confirm.refused_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" icon={false} data-testid="delete-refused" sx={{ whiteSpace: 'pre-wrap' }}>
          {message}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {action}
        <Button onClick={onClose} variant={action ? 'text' : 'contained'} autoFocus={!action}>
          {translate('app.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
