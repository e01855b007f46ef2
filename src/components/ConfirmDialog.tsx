import type { ReactNode } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export interface ConfirmDialogProps {
  open: boolean;
  /** Defaults to 削除の確認. */
  title?: ReactNode;
  /** Defaults to 削除してもよろしいですか？ */
  content?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  /** While the delete runs: OK shows a spinner and both buttons wait. */
  loading?: boolean;
  confirmColor?: 'error' | 'primary';
  /** The confirming button's words, when OK says too little (チェックアウトして在庫に戻す). */
  confirmLabel?: ReactNode;
}

/** The confirmation asked before every delete (spec section 8). */
export function ConfirmDialog({
  open,
  title,
  content,
  onConfirm,
  onClose,
  loading = false,
  confirmColor = 'error',
  confirmLabel,
}: ConfirmDialogProps) {
  const translate = useAppTranslate();
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      aria-labelledby="confirm-dialog-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title ?? translate('app.confirm.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>
          {content ?? translate('app.confirm.delete_content')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {translate('app.action.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={loading}
          color={confirmColor}
          variant="contained"
          autoFocus
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel ?? translate('app.action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
