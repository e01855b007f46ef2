import { useState } from 'react';
import { Button, Chip, List, ListItem, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { Booking } from '../../contract/booking';
import { dateJa } from '../../contract/dates';
import {
  INVOICE_KINDS,
  INVOICE_LEGAL_NAMES,
  INVOICE_TITLES,
  invoiceCreateSchema,
  type Invoice,
  type InvoiceKind,
} from '../../contract/invoice';
import { errorMessages } from '../../contract/messages';
import { failureMessage, fieldErrorsOf } from '../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';
import { formatYen } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { CsvDownloadButton } from '../../src/components/CsvDownloadButton';
import { FormDialog } from '../../src/components/FormDialog';
import { useDialogRequest } from '../../src/components/useDialogRequest';
import { zodErrors } from '../../src/crud/formErrors';
import { EmptyNote, PanelSection } from './PanelSection';

/** The ideographic space between a document's number, date and total. */
const GAP = '\u3000';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The issue popup: the kind, the recipient (required for 請求書) and 但し書き. */
function IssueDialog({
  booking,
  onClose,
  onIssued,
}: {
  booking: Booking;
  onClose: () => void;
  onIssued: (i: Invoice) => void;
}) {
  const translate = useAppTranslate();
  const t: T = (key, options) => translate(`app.booking.invoice.${key}` as 'app.booking.invoice.title', options);
  const dataProvider = useAppDataProvider();
  const [kind, setKind] = useState<InvoiceKind>(
    booking.delete_flg === 1 && booking.refunds.length > 0 ? 'refund' : 'receipt',
  );
  const [recipient, setRecipient] = useState(booking.name);
  const [proviso, setProviso] = useState(t('default_proviso'));
  const request = useDialogRequest(onClose, errorMessages.bookingUpdateFailed);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const parsed = invoiceCreateSchema.safeParse({ kind, recipient_name: recipient, proviso });
    if (!parsed.success) return setErrors(zodErrors(parsed.error, true));
    await request.run(
      async () => onIssued(await dataProvider.issueInvoice(booking.id, parsed.data)),
      (error) => setErrors(fieldErrorsOf(error)),
    );
  };

  return (
    <FormDialog
      title={t('issue_title')}
      titleId="invoice-issue-title"
      {...request.props(submit)}
      submitLabel={t('issue')}
      problemTestId="invoice-issue-problem"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField select label={t('kind')} value={kind} onChange={(e) => setKind(e.target.value as InvoiceKind)}>
          {INVOICE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {`${INVOICE_TITLES[k]}（${INVOICE_LEGAL_NAMES[k]}）`}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('recipient')}
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          error={Boolean(errors.recipient_name)}
          helperText={errors.recipient_name ?? (kind === 'invoice' ? t('recipient_required') : t('recipient_optional'))}
        />
        <TextField
          label={t('proviso')}
          value={proviso}
          onChange={(e) => setProviso(e.target.value)}
          error={Boolean(errors.proviso)}
          helperText={errors.proviso ?? false}
        />
      </Stack>
    </FormDialog>
  );
}

/** The mail popup: the guest gets the document's PDF attached, through the outbox. */
function MailDialog({ booking, invoice, onClose }: { booking: Booking; invoice: Invoice; onClose: () => void }) {
  const translate = useAppTranslate();
  const t: T = (key, options) => translate(`app.booking.invoice.${key}` as 'app.booking.invoice.title', options);
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const title = INVOICE_TITLES[invoice.kind];
  const [subject, setSubject] = useState(t('mail_default_subject', { title, number: invoice.number }));
  const [body, setBody] = useState(t('mail_default_body', { title, name: booking.name }));
  const request = useDialogRequest(onClose, errorMessages.mailFailed);
  const send = () =>
    request.run(async () => {
      await dataProvider.mailInvoice(invoice.id, { title: subject, body });
      notify(t('mail_sent', { title }), { type: 'success' });
      onClose();
    });
  return (
    <FormDialog
      title={t('mail_title', { title })}
      titleId="invoice-mail-title"
      {...request.props(send)}
      submitLabel={t('mail_send')}
      maxWidth="sm"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField label={t('mail_subject')} value={subject} onChange={(e) => setSubject(e.target.value)} />
        <TextField
          label={t('mail_body')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={4}
        />
      </Stack>
    </FormDialog>
  );
}

/**
 * 領収書・請求書 of the booking panel (issue 31): the booking's documents (number, date, total; a
 * voided one marked), each to download as its PDF or to reissue, and the 領収書 button that issues
 * one (receipt, invoice or refund document) in a popup.
 */
export function InvoiceSection({ booking }: { booking: Booking }) {
  const translate = useAppTranslate();
  const t: T = (key, options) => translate(`app.booking.invoice.${key}` as 'app.booking.invoice.title', options);
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [issuing, setIssuing] = useState(false);
  const [reissuing, setReissuing] = useState<Invoice | null>(null);
  const [mailing, setMailing] = useState<Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  const key = ['books', 'invoices', booking.id];
  const { data, isError } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => dataProvider.listBookInvoices(booking.id, signal),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  const issued = async (invoice: Invoice) => {
    setIssuing(false);
    notify(t('issued', { title: INVOICE_TITLES[invoice.kind], number: invoice.number }), { type: 'success' });
    await reload();
  };

  const reissue = async (invoice: Invoice) => {
    setBusy(true);
    try {
      const again = await dataProvider.reissueInvoice(invoice.id);
      setReissuing(null);
      notify(t('reissued', { number: again.number }), { type: 'success' });
      await reload();
    } catch (error) {
      setReissuing(null);
      notify(failureMessage(error, errorMessages.bookingUpdateFailed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelSection
      title={t('title')}
      testId="booking-invoices"
      action={
        <Button size="small" startIcon={<ReceiptLongIcon />} onClick={() => setIssuing(true)}>
          {t('open')}
        </Button>
      }
    >
      {isError && <EmptyNote>{t('load_failed')}</EmptyNote>}
      {data && data.length === 0 && <EmptyNote>{t('empty')}</EmptyNote>}
      {data && data.length > 0 && (
        <List dense disablePadding>
          {data.map((invoice) => (
            <ListItem key={invoice.id} disableGutters data-testid="invoice-row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {INVOICE_TITLES[invoice.kind]}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {[`No. ${invoice.number}`, dateJa(invoice.issued_at.slice(0, 10)), formatYen(invoice.total)].join(GAP)}
              </Typography>
              {invoice.replaces && <Chip size="small" label={t('reissue_of', { number: invoice.replaces.number })} />}
              {invoice.voided_at && <Chip size="small" color="default" variant="outlined" label={t('voided')} />}
              <Stack direction="row" sx={{ ml: 'auto', gap: 1 }}>
                <CsvDownloadButton
                  load={() => dataProvider.downloadInvoicePdf(invoice)}
                  failed={t('pdf_failed')}
                  data-testid="invoice-pdf"
                >
                  PDF
                </CsvDownloadButton>
                {booking.mail && !invoice.voided_at && (
                  <Button size="small" onClick={() => setMailing(invoice)}>
                    {t('mail')}
                  </Button>
                )}
                {!invoice.voided_at && (
                  <Button size="small" onClick={() => setReissuing(invoice)}>
                    {t('reissue')}
                  </Button>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {mailing && <MailDialog booking={booking} invoice={mailing} onClose={() => setMailing(null)} />}
      {issuing && <IssueDialog booking={booking} onClose={() => setIssuing(false)} onIssued={(i) => void issued(i)} />}
      <ConfirmDialog
        open={reissuing !== null}
        title={t('reissue')}
        content={reissuing ? t('reissue_confirm', { number: reissuing.number }) : ''}
        confirmLabel={t('reissue')}
        confirmColor="primary"
        loading={busy}
        onClose={() => setReissuing(null)}
        onConfirm={() => reissuing && void reissue(reissuing)}
      />
    </PanelSection>
  );
}
