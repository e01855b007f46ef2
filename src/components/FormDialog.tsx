import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SubmitButton } from './SubmitButton';

export interface FormDialogProps {
  /** Defaults to true: most form popups are mounted only while open. */
  open?: boolean;
  title: ReactNode;
  /** The title's id: the dialog is labelled by it. */
  titleId: string;
  onClose: () => void;
  onSubmit: () => void | Promise<void>;
  /** While the request runs: the submit button shows a spinner, both buttons wait, the popup stays. */
  busy?: boolean;
  submitLabel: ReactNode;
  /** The submit button waits while the form cannot be sent (a refused value shown in its field). */
  submitDisabled?: boolean;
  /** Moves the focus to the submit button (confirmation popups). */
  submitAutoFocus?: boolean;
  submitTestId?: string;
  /** The error shown above the fields; null: none. */
  problem?: string | null;
  problemTestId?: string;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

/** A popup whose content is a form: title, the problem, the fields, then キャンセル and the submit button. */
export function FormDialog({
  open = true,
  title,
  titleId,
  onClose,
  onSubmit,
  busy = false,
  submitLabel,
  submitDisabled,
  submitAutoFocus,
  submitTestId,
  problem,
  problemTestId,
  maxWidth = 'xs',
  children,
}: FormDialogProps) {
  const translate = useAppTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events cross portals: a form around this popup in the tree (the booking panel's) must not submit.
    event.stopPropagation();
    void onSubmit();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" data-testid={problemTestId} sx={{ mt: 1, mb: 1 }}>
              {problem}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('app.action.cancel')}
          </Button>
          <SubmitButton busy={busy} disabled={submitDisabled} autoFocus={submitAutoFocus} testId={submitTestId}>
            {submitLabel}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
