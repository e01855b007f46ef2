import { useCallback, useEffect, useState } from 'react';
import { Button } from '@mui/material';
import {
  CloseNotificationContext,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
  type NotificationPayload,
} from 'ra-core';
import { MessageBox, type MessageBoxType } from './MessageBox';

const typeOf = (payload: NotificationPayload): MessageBoxType => {
  switch (payload.type) {
    case 'error':
      return 'error';
    case 'warning':
      return 'warning';
    case 'success':
      return 'success';
    default:
      return 'info';
  }
};

/**
 * react-admin's notification slot (`<Admin notification>`): every `useNotify()` shows in our
 * MessageBox, one at a time, with react-admin's undo for undoable edits.
 */
export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);

  useEffect(() => {
    if (notifications.length && !current) {
      // takeNotification pops react-admin's queue (an outside store): the effect copies the payload in.
      const next = takeNotification();
      // eslint-disable-next-line react-hooks/set-state-in-effect -- see above; react-admin's Notification does the same
      if (next) setCurrent(next);
    }
  }, [notifications, current, takeNotification]);

  const undoable = Boolean(current?.notificationOptions?.undoable);

  const finish = useCallback(
    (isUndo: boolean) => {
      if (undoable) {
        const mutation = takeMutation();
        if (mutation) mutation({ isUndo });
        else undoableEventEmitter.emit('end', { isUndo });
      }
      setCurrent(undefined);
    },
    [undoable, takeMutation],
  );
  const close = useCallback(() => finish(false), [finish]);

  if (!current) return null;
  const { message, notificationOptions } = current;
  const { autoHideDuration, messageArgs } = notificationOptions ?? {};
  const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;

  return (
    <CloseNotificationContext.Provider value={close}>
      <MessageBox
        open
        message={text}
        type={typeOf(current)}
        onClose={close}
        autoCloseMs={autoHideDuration}
        action={
          undoable ? (
            <Button color="inherit" size="small" onClick={() => finish(true)}>
              {translate('ra.action.undo')}
            </Button>
          ) : null
        }
      />
    </CloseNotificationContext.Provider>
  );
}
