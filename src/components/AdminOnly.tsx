import type { ReactNode } from 'react';
import { LinearProgress, Typography } from '@mui/material';
import { usePermissions } from 'react-admin';
import type { Permissions } from '../../dataProvider/authProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { MessagePage } from './MessagePage';

/**
 * A company administration page (users, partners): staff who open its address read that it is for
 * administrators, rather than a list that fails to load (the API answers them 403).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const translate = useAppTranslate();
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return <LinearProgress />;
  if (permissions?.isAdmin) return <>{children}</>;
  return (
    <MessagePage title="app.page.admin_only" testId="admin-only">
      <Typography color="text.secondary">{translate('app.page.admin_only_detail')}</Typography>
    </MessagePage>
  );
}
