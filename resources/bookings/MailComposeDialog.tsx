import { useState } from 'react';
import {
  Box,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  type RadioGroupProps,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '../../contract/booking';
import { fieldErrors } from '../../contract/entity';
import { sendTypeLabel } from '../../contract/enums';
import { freeMailSchema, placeholderGuide, type ReceivedInThread } from '../../contract/mailTemplate';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { FormDialog } from '../../src/components/FormDialog';
import { useFormRequest } from '../../src/components/useFormRequest';
import { EmptyNote } from './PanelSection';
import { defaultTemplate, mailFailedText, replyDraft } from './mailModel';
import { fieldMark } from '../../src/crud/formErrors';

export interface MailComposeDialogProps {
  booking: Booking;
  onClose: () => void;
  /** After the mail was queued: the section tells the user and reads the history again. */
  onSent: () => void;
  /** A free mail to start from (the pre-check-in link's); the template is chosen first otherwise. */
  draft?: { title: string; body: string };
  /**
   * A reply to a mail the guest sent (issue 32): free text only, to the address it came from,
   * threaded under it; starts as Re: its title, its text quoted below.
   */
  replyTo?: ReceivedInThread;
}

type Mode = 'template' | 'free';
type Field = 'title' | 'body';

/**
 * The mail compose popup of the booking panel (spec 2): a template of the accommodation (send type 1
 * chosen first, spec 4) with the text the guest will get, or free text (件名, 本文). Mount it only
 * while open.
 */
export function MailComposeDialog({ booking, onClose, onSent, draft, replyTo }: MailComposeDialogProps) {
  const translate = useAppTranslate();
  const dataProvider = useAppDataProvider();
  const [mode, setMode] = useState<Mode>(draft || replyTo ? 'free' : 'template');
  const [chosen, setChosen] = useState<number | null>(null);
  const [free, setFree] = useState(() => (replyTo ? replyDraft(replyTo) : (draft ?? { title: '', body: '' })));
  const { problem, setProblem, fail, send, clear, dialogProps } = useFormRequest<Field>(mailFailedText);

  const templates = useQuery({
    queryKey: ['books', 'mail-templates', booking.accommodation_id],
    queryFn: () => dataProvider.listMailTemplatesOf(booking.accommodation_id),
  });
  const list = templates.data ?? [];
  const template = list.find((t) => t.id === chosen) ?? defaultTemplate(list);
  const preview = useQuery({
    queryKey: ['books', 'mail-preview', booking.id, template?.id],
    queryFn: () => dataProvider.renderBookMail(booking.id, template!.id),
    enabled: mode === 'template' && template !== undefined,
  });

  const submit = async () => {
    let request: () => Promise<unknown>;
    if (mode === 'template') {
      if (!template) return fail(translate('app.booking_mail.no_templates'));
      request = () => dataProvider.sendBookTemplateMail(booking.id, template.send_type);
    } else {
      const parsed = freeMailSchema.safeParse(free);
      if (!parsed.success) {
        const fields = fieldErrors(freeMailSchema, free) as Partial<Record<Field, string>>;
        return setProblem({ message: Object.values(fields)[0] ?? '', fields });
      }
      request = replyTo
        ? () => dataProvider.replyToReceivedMail(replyTo.id, parsed.data)
        : () => dataProvider.sendBookFreeMail(booking.id, parsed.data);
    }
    await send(async () => {
      await request();
      onSent();
    });
  };

  const setFreeField = (field: Field, value: string) => {
    setFree((f) => ({ ...f, [field]: value }));
    clear(field);
  };
  const onMode: RadioGroupProps['onChange'] = (e) => {
    setMode(e.target.value as Mode);
    setProblem(null);
  };

  return (
    <FormDialog
      title={translate(replyTo ? 'app.booking_mail.reply_title' : 'app.booking_mail.title')}
      titleId="mail-compose-title"
      {...dialogProps(onClose, submit)}
      submitLabel={translate('app.booking_mail.submit')}
      problemTestId="mail-compose-error"
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {translate('app.booking_mail.to', { mail: replyTo?.from_address ?? booking.mail })}
        </Typography>
        {!replyTo && (
          <RadioGroup row aria-label={translate('app.booking_mail.mode')} value={mode} onChange={onMode}>
            <FormControlLabel
              value="template"
              control={<Radio />}
              label={translate('app.booking_mail.mode_template')}
            />
            <FormControlLabel value="free" control={<Radio />} label={translate('app.booking_mail.mode_free')} />
          </RadioGroup>
        )}
        {mode === 'template' ? (
          <>
            {templates.isSuccess && list.length === 0 ? (
              <EmptyNote>{translate('app.booking_mail.no_templates')}</EmptyNote>
            ) : (
              <TextField
                id="mail-compose-template"
                label={translate('app.booking_mail.template')}
                value={template ? String(template.id) : ''}
                onChange={(e) => setChosen(Number(e.target.value))}
                select
                size="small"
                fullWidth
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {list.map((t) => (
                  <option key={t.id} value={String(t.id)}>
                    {sendTypeLabel(t.send_type)}
                  </option>
                ))}
              </TextField>
            )}
            <Box
              component="section"
              aria-label={translate('app.booking_mail.preview')}
              data-testid="mail-compose-preview"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minHeight: 120 }}
            >
              <Typography variant="caption" color="text.secondary" component="h4">
                {translate('app.booking_mail.preview')}
              </Typography>
              {preview.isError && <EmptyNote>{translate('app.booking_mail.preview_failed')}</EmptyNote>}
              {(preview.isPending || templates.isPending) && !preview.isError && template !== undefined && (
                <EmptyNote>{translate('app.booking.loading')}</EmptyNote>
              )}
              {preview.data && (
                <>
                  <Typography variant="subtitle2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {preview.data.title}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 280, overflowY: 'auto', mt: 1 }}
                  >
                    {preview.data.body}
                  </Typography>
                </>
              )}
            </Box>
          </>
        ) : (
          <>
            <TextField
              id="mail-compose-subject"
              label={translate('app.booking_mail.subject')}
              value={free.title}
              onChange={(e) => setFreeField('title', e.target.value)}
              size="small"
              fullWidth
              required
              {...fieldMark(problem?.fields.title)}
            />
            <TextField
              id="mail-compose-body"
              label={translate('app.booking_mail.body')}
              value={free.body}
              onChange={(e) => setFreeField('body', e.target.value)}
              multiline
              minRows={8}
              fullWidth
              required
              {...fieldMark(
                problem?.fields.body,
                translate('app.booking_mail.placeholders', {
                  names: placeholderGuide(),
                }),
              )}
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
