import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export interface MailPopupProps {
  open: boolean;
  title: string;
  body: string;
  onClose: () => void;
}

/** A mail's title and body, line breaks kept as written. */
export function MailPopup({ open, title, body, onClose }: MailPopupProps) {
  const translate = useAppTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="mail-popup-title" maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id="mail-popup-title" sx={{ wordBreak: 'break-word' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        <Typography
          component="div"
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="mail-popup-body"
        >
          {body}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
