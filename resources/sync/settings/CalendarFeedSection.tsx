import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, usePermissions } from 'react-admin';
import type { IcalFeed } from '../../../contract/icalFeed';
import type { Permissions } from '../../../dataProvider/authProvider';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { refusalMessage } from '../../../src/crud/formErrors';

/** The feed address in react-admin's query cache, beside the accommodations' own keys. */
export const icalFeedKey = (accommodationId: number) => ['accommodations', 'icalFeed', { accommodationId }] as const;

/** How long コピーしました stays beside the button. */
const COPIED_MS = 4000;

/**
 * The facility's calendar feed (spec 2 "Detailed settings": the link /ical/{uid}.ics): the whole
 * address, コピー (the clipboard; コピーしました), and for administrators アドレスを再発行, asked first,
 * after which the old address answers 404 at once. Staff see and copy the link.
 */
export function CalendarFeedSection({ accommodationId }: { accommodationId: number }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<Permissions>();
  const { data, isPending, error } = useQuery({
    queryKey: icalFeedKey(accommodationId),
    queryFn: ({ signal }) => dataProvider.getIcalFeed(accommodationId, signal),
    retry: false,
  });
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (isPending) return <LinearProgress />;
  if (error || !data) return <Alert severity="error">{translate('app.setting_page.feed.load_failed')}</Alert>;

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(data.url);
    } catch {
      // No clipboard (an http address other than localhost, a refused permission): the address is
      // selected for the user to copy by hand.
      input.current?.select();
      notify(translate('app.setting_page.feed.copy_failed'), { type: 'warning' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    notify(translate('app.setting_page.feed.copied'), { type: 'success' });
  };

  const regenerate = async () => {
    setBusy(true);
    try {
      const next: IcalFeed = await dataProvider.regenerateIcalFeed(accommodationId);
      queryClient.setQueryData(icalFeedKey(accommodationId), next);
      setCopied(false);
      setConfirming(false);
      notify(translate('app.setting_page.feed.regenerated'), { type: 'success' });
    } catch (failure) {
      setConfirming(false);
      notify(refusalMessage(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="ical-feed">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.setting_page.feed.intro')}
      </Typography>
      <TextField
        label={translate('app.setting_page.feed.label')}
        value={data.url}
        fullWidth
        size="small"
        // The whole address on a phone too: it wraps rather than hiding its end.
        multiline
        inputRef={input}
        onFocus={(event) => event.target.select()}
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' },
          },
          htmlInput: { 'data-testid': 'ical-feed-url', spellCheck: false },
        }}
      />
      <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('app.setting_page.feed.copy')}
        </Button>
        {permissions?.isAdmin && (
          <Button
            variant="outlined"
            color="warning"
            startIcon={<AutorenewIcon />}
            onClick={() => setConfirming(true)}
            data-testid="ical-feed-regenerate"
          >
            {translate('app.setting_page.feed.regenerate')}
          </Button>
        )}
        {copied && (
          <Typography role="status" color="success.main" sx={{ fontWeight: 700 }} data-testid="ical-feed-copied">
            {translate('app.setting_page.feed.copied')}
          </Typography>
        )}
      </Stack>
      {permissions && !permissions.isAdmin && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="ical-feed-admin-only">
          {translate('app.setting_page.feed.admin_only')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title={translate('app.setting_page.feed.confirm_title')}
        content={translate('app.setting_page.feed.confirm_content')}
        confirmColor="error"
        loading={busy}
        onConfirm={() => void regenerate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
