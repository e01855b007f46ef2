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
  /** The dismissing button's words: キャンセル unless that would mislead (閉じる in the cancel of a booking). */
  closeLabel?: ReactNode;
  /** Moves the focus to OK (off where the content has fields to fill first). */
  confirmAutoFocus?: boolean;
  /** The title's id, by which the popup is labelled. */
  titleId?: string;
  /** Content with fields, in place of the sentence. */
  children?: ReactNode;
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
  closeLabel,
  confirmAutoFocus = true,
  titleId = 'confirm-dialog-title',
  children,
}: ConfirmDialogProps) {
  const translate = useAppTranslate();
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title ?? translate('app.confirm.delete_title')}</DialogTitle>
      <DialogContent>
        {children ?? (
          <DialogContentText sx={{ whiteSpace: 'pre-wrap' }}>
            {content ?? translate('app.confirm.delete_content')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {closeLabel ?? translate('app.action.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={loading}
          color={confirmColor}
          variant="contained"
          autoFocus={confirmAutoFocus}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel ?? translate('app.action.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
