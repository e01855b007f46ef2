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
 * react-admin's notification slot (`<Admin notification>`; AdminApp renders it beside
 * `<CoreAdminUI>`): every `useNotify()` shows in our MessageBox, the newest replacing the one
 * before, with react-admin's undo for undoable edits.
 */
export function AppNotification() {
  const { notifications, resetNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);

  const undoable = Boolean(current?.notificationOptions?.undoable);

  /** Carries out (or undoes) the edit waiting on the message shown, if any. */
  const settle = useCallback(
    (isUndo: boolean) => {
      if (!undoable) return;
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo });
      else undoableEventEmitter.emit('end', { isUndo });
    },
    [undoable, takeMutation],
  );

  const finish = useCallback(
    (isUndo: boolean) => {
      settle(isUndo);
      setCurrent(undefined);
    },
    [settle],
  );

  useEffect(() => {
    if (notifications.length === 0) return;
    // The newest message replaces what shows (a 保存しました never waits behind an old error).
    const next = notifications[notifications.length - 1];
    resetNotifications();
    // An edit waiting for its undo is carried out when its message is replaced.
    settle(false);
    // The queue is react-admin's (an outside store): the effect copies the newest payload in.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above; react-admin's Notification does the same
    setCurrent(next);
  }, [notifications, resetNotifications, settle]);

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
