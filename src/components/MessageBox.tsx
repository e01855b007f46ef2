import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Box, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { loginMessages } from '../../i18n/loginMessages';

import { MESSAGE_BOX_AUTO_CLOSE_MS } from './messageBoxTiming';

export { MESSAGE_BOX_AUTO_CLOSE_MS };

export type MessageBoxType = 'error' | 'warning' | 'info' | 'success';

export interface MessageBoxProps {
  open: boolean;
  message: ReactNode;
  type?: MessageBoxType;
  onClose: () => void;
  /** null keeps it open until closed. */
  autoCloseMs?: number | null;
  /** Extra action beside the close button (react-admin's undo). */
  action?: ReactNode;
}

/** The message bar shown on top of every screen: errors in red, notices in blue. */
export function MessageBox({
  open,
  message,
  type = 'info',
  onClose,
  autoCloseMs = MESSAGE_BOX_AUTO_CLOSE_MS,
  action,
}: MessageBoxProps) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open || autoCloseMs === null) return undefined;
    const timer = setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs, message]);

  if (!open) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(560px, calc(100vw - 32px))',
      }}
    >
      <Alert
        severity={type}
        variant="filled"
        role={type === 'error' || type === 'warning' ? 'alert' : 'status'}
        data-testid="message-box"
        sx={{ whiteSpace: 'pre-wrap', boxShadow: 3, alignItems: 'center' }}
        action={
          <>
            {action}
            <IconButton aria-label={loginMessages.close} color="inherit" size="small" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
