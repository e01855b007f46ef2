import type { ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';

/** A form's submit button: a spinner while its request runs, disabled meanwhile. */
export function SubmitButton({
  busy,
  autoFocus,
  children,
}: {
  busy: boolean;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      autoFocus={autoFocus}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
