import type { ReactNode } from 'react';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { links } from '../routes';

/** A page that only says something: its title (also the header's), sentences below it, an action. */
export function MessagePage({
  title,
  testId,
  children,
}: {
  title: AppMessageKey;
  testId?: string;
  children: ReactNode;
}) {
  const translate = useAppTranslate();
  const text = translate(title);
  return (
    <>
      <Title title={text} preferenceKey={false} />
      <Card sx={{ mt: 1 }} data-testid={testId}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {text}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </>
  );
}

/** react-admin's catch-all under /m/, and a page of something the user may not reach (`detail` says what). */
export function NotFoundPage({ detail }: { detail?: AppMessageKey }) {
  const translate = useAppTranslate();
  return (
    <MessagePage title="app.page.not_found" testId="not-found">
      {detail && <Typography color="text.secondary">{translate(detail)}</Typography>}
      <Button component={Link} to={links.home()} variant="outlined" sx={{ mt: 2 }}>
        {translate('app.page.back_home')}
      </Button>
    </MessagePage>
  );
}
