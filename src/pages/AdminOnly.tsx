import type { ReactNode } from 'react';
import { Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import type { Permissions } from '../../dataProvider/authProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/**
 * A company administration page (users, partners): staff who open its address read that it is for
 * administrators, rather than a list that fails to load (the API answers them 403).
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const translate = useAppTranslate();
  const { permissions, isPending } = usePermissions<Permissions>();
  if (isPending) return <LinearProgress />;
  if (permissions?.isAdmin) return <>{children}</>;
  const title = translate('app.page.admin_only');
  return (
    <>
      <Title title={title} preferenceKey={false} />
      <Card sx={{ mt: 1 }} data-testid="admin-only">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">{translate('app.page.admin_only_detail')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
