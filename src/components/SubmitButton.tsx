import type { ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';

/** A form's submit button: a spinner while its request runs, disabled meanwhile. */
export function SubmitButton({
  busy,
  disabled = false,
  autoFocus,
  testId,
  children,
}: {
  busy: boolean;
  /** Disabled while the form cannot be sent (an amount refused), besides while busy. */
  disabled?: boolean;
  autoFocus?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy || disabled}
      autoFocus={autoFocus}
      data-testid={testId}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
