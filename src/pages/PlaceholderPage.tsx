import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import type { AppMessageKey } from '../../i18n/ja';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { links } from '../routes';

/** A route whose screen comes in a later issue: its Japanese title and 準備中. */
export function PlaceholderPage({ title }: { title: AppMessageKey }) {
  const translate = useAppTranslate();
  const text = translate(title);
  return (
    <>
      <Title title={text} preferenceKey={false} />
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {text}
          </Typography>
          <Typography color="text.secondary">{translate('app.placeholder.preparing')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.placeholder.preparing_detail')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}

/** react-admin's catch-all under /m/, and a page of something the user may not reach (`detail` says what). */
export function NotFoundPage({ detail }: { detail?: AppMessageKey }) {
  const translate = useAppTranslate();
  const text = translate('app.page.not_found');
  return (
    <>
      <Title title={text} preferenceKey={false} />
      <Card sx={{ mt: 1 }} data-testid="not-found">
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {text}
          </Typography>
          {detail && <Typography color="text.secondary">{translate(detail)}</Typography>}
          <Button component={Link} to={links.home()} variant="outlined" sx={{ mt: 2 }}>
            {translate('app.page.back_home')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
