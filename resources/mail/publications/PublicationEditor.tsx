import type { SenderAddress } from '../../../contract/senderAddress';
import type { QueuedTestMail } from '../../../contract/mailTemplate';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Link as MuiLink, TextField, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Form, SelectInput, TextInput, useGetList, useNotify } from 'react-admin';
import { RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { useWatch } from 'react-hook-form';
import {
  ATTACHMENT_ACCEPT,
  isMailAddress,
  isPastSendAt,
  MAX_ATTACHMENT_BYTES,
  mailPublicationMessages as msg,
  type MailPublication,
  type MailPublicationUpdate,
  type Recipient,
  mailPublicationTestSchema,
} from '../../../contract/mailPublication';
import { errorMessages } from '../../../contract/messages';
import { z } from '../../../contract/zod';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { failureMessage, fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { formatDateTime, formatFileSize } from '../../../i18n/formats';
import { SectionCard } from '../../../src/components/SectionCard';
import { ConfirmDialog } from '../../../src/components/ConfirmDialog';
import { tokyoMinute } from '../../../contract/dates';
import { CsvUpload } from './CsvUpload';
import { CustomerSearch, type SearchMode } from './CustomerSearch';
import { tokyoInputToIso } from './publicationFormat';
import { RecipientList, type Candidate } from './RecipientList';
import { SendAtInput } from './SendAtInput';
import { TestMailDialog } from '../TestMailDialog';

/** The test send's address, by the rule of POST /admin/mail/publishes/test. */
const testAddressSchema = z.object({ mail_address: mailPublicationTestSchema.shape.to });

/** The file going with the mail: one just chosen (its data URL), or the one saved with it (`dataUrl` null). */
export interface Attached {
  dataUrl: string | null;
  name: string;
  size: number;
}

const errorText = (e: unknown) => Object.values(fieldErrorsOf(e))[0] ?? failureMessage(e, errorMessages.mailFailed);

/** What the editor starts from: a publication's saved content (its edit form), or nothing (a new one). */
export interface PublicationDraft {
  values: ComposeValues;
  fromName: string | null;
  attached: Attached | null;
  recipients: Recipient[];
}

export interface PublicationEditorProps {
  /** `create` sends a new one (送信); `edit` saves the changes of one still waiting (保存). */
  mode: 'create' | 'edit';
  initial?: PublicationDraft;
  /** The call that stores it (POST or PUT); its refusal is shown and what was typed stays. */
  save: (body: MailPublicationUpdate) => Promise<MailPublication>;
  onSaved: (saved: MailPublication) => void;
}

/**
 * Bulk mail composed (spec 2 "Bulk mail list and creation", 5 "Bulk mail send"), new or edited
 * (issue 32). Left: the destinations, from a search of the guests of the chosen facilities (booking
 * and stay periods) and from a CSV (first column mail, second name; UTF-8 or Shift_JIS), in one list
 * with a check per recipient; an edited one starts with its saved recipients, which a search does
 * not replace. Right: title, sender address, send date-time in Tokyo time, body (rich text;
 * {{name}} becomes each recipient's name), attachment (video, image or PDF up to 5 MB), a test
 * mail, and 送信 (保存 when edited), enabled only when everything is there.
 */
export function PublicationEditor(props: PublicationEditorProps) {
  const { initial } = props;
  const translate = useAppTranslate();
  const { accommodations } = useAccommodations();
  const [candidates, setCandidates] = useState<Candidate[]>(() =>
    (initial?.recipients ?? []).map((r) => ({ ...r, checked: true, from: 'saved' })),
  );
  const [facilities, setFacilities] = useState<number[]>([]);
  const chosen = useMemo(() => candidates.filter((c) => c.checked), [candidates]);
  // The sender name offered: the first facility searched, else the first the user reaches.
  const senderName = accommodations.find((a) => a.id === (facilities[0] ?? a.id))?.name ?? '';

  /**
   * Puts recipients on the list, checked: a search that replaces drops what the last searches found
   * first (the CSV's and the saved ones stay); an address listed already (case-insensitive) is not
   * listed twice.
   */
  const put = (recipients: readonly Recipient[], from: Candidate['from'], how: SearchMode = 'add') =>
    setCandidates((current) => {
      const list = how === 'replace' ? current.filter((c) => c.from !== 'search') : current;
      const seen = new Set(list.map((c) => c.mail.toLowerCase()));
      const added = recipients.filter((r) => {
        const key = r.mail.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return [...list, ...added.map((r) => ({ ...r, checked: true, from }))];
    });

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        gap: 2,
        mt: 1,
        alignItems: 'start',
      }}
    >
      <SectionCard testId="bulk-mail-destinations" title={translate('app.mail_publication.search_heading')}>
        <CustomerSearch onFound={(found, how) => put(found, 'search', how)} onFacilities={setFacilities} />
        <CsvUpload known={candidates.map((c) => c.mail)} onRead={(read) => put(read, 'csv')} />
        <RecipientList candidates={candidates} onChange={setCandidates} />
      </SectionCard>
      <SectionCard testId="bulk-mail-compose" title={translate('app.mail_publication.compose_heading')}>
        <Compose {...props} recipients={chosen} senderName={senderName} />
      </SectionCard>
    </Box>
  );
}

export interface ComposeValues {
  title: string;
  from_address: string;
  send_at: string;
  body: string;
}

/**
 * The right side: the mail, and 送信 (保存) asking first (issue 32) how many it goes to and when; a
 * time already past says it goes at once, and is sent as the moment of the confirmation.
 */
function Compose({
  mode,
  initial,
  recipients,
  senderName,
  save,
  onSaved,
}: PublicationEditorProps & { recipients: Recipient[]; senderName: string }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const [attached, setAttached] = useState<Attached | null>(initial?.attached ?? null);
  const [sending, setSending] = useState(false);
  const [asking, setAsking] = useState<{ values: ComposeValues; sendAt: string } | null>(null);
  // 送信者名: the facility's name until the user writes one of their own (null: not written).
  const [fromName, setFromName] = useState<string | null>(initial?.fromName ?? null);
  const defaults = useMemo<ComposeValues>(
    () => initial?.values ?? { title: '', from_address: '', send_at: tokyoMinute(), body: '' },
    [initial],
  );
  const editing = mode === 'edit';

  const ask = (values: Record<string, unknown>) => {
    const v = values as unknown as ComposeValues;
    const sendAt = tokyoInputToIso(v.send_at);
    if (sendAt) setAsking({ values: v, sendAt });
  };

  const send = async ({ values: v, sendAt }: { values: ComposeValues; sendAt: string }) => {
    setSending(true);
    try {
      const saved = await save({
        send_at: isPastSendAt(sendAt) ? new Date().toISOString() : sendAt,
        setting: {
          title: v.title,
          from_address: v.from_address,
          from_name: (fromName ?? senderName).trim() || null,
          body: v.body,
          users: recipients.map((r) => (r.name ? { mail: r.mail, name: r.name } : r.mail)),
          file: attached?.dataUrl ?? null,
          file_name: attached?.dataUrl ? attached.name : null,
        },
        // The saved attachment (never sent back to the console) stays unless taken off or replaced.
        ...(editing ? { keep_file: attached !== null && attached.dataUrl === null } : {}),
      });
      onSaved(saved);
    } catch (e) {
      notify(errorText(e), { type: 'error' });
      setAsking(null);
      setSending(false);
    }
  };

  return (
    <Form onSubmit={ask} defaultValues={defaults} noValidate>
      <ComposeFields
        editing={editing}
        fromName={fromName ?? senderName}
        onFromName={setFromName}
        recipients={recipients}
        attached={attached}
        onAttach={setAttached}
        sending={sending}
        sendTest={(to, values) =>
          dataProvider.sendPublicationTest({
            title: values.title,
            body: values.body,
            to,
            from_address: values.from_address,
            file: attached?.dataUrl ?? null,
            file_name: attached?.dataUrl ? attached.name : null,
          })
        }
      />
      <Typography variant="caption" color="text.secondary">
        {translate('app.mail_publication.body_hint')}
      </Typography>
      <ConfirmDialog
        open={asking !== null}
        title={translate(editing ? 'app.mail_publication.save_confirm_title' : 'app.mail_publication.confirm_title')}
        titleId="bulk-mail-confirm-title"
        confirmColor="primary"
        confirmLabel={translate(editing ? 'app.mail_publication.save_confirm' : 'app.mail_publication.confirm_send')}
        loading={sending}
        onConfirm={() => asking && void send(asking)}
        onClose={() => setAsking(null)}
      >
        {asking && (
          <Box data-testid="bulk-mail-confirm">
            <Typography>
              {translate('app.mail_publication.confirm_count', { count: recipients.length.toLocaleString('ja-JP') })}
            </Typography>
            <Typography sx={{ mt: 1 }} color={isPastSendAt(asking.sendAt) ? 'warning.main' : undefined}>
              {isPastSendAt(asking.sendAt)
                ? translate('app.mail_publication.confirm_now')
                : translate('app.mail_publication.confirm_at', { at: formatDateTime(asking.sendAt) })}
            </Typography>
          </Box>
        )}
      </ConfirmDialog>
    </Form>
  );
}

function ComposeFields({
  editing,
  fromName,
  onFromName,
  recipients,
  attached,
  onAttach,
  sending,
  sendTest,
}: {
  editing: boolean;
  fromName: string;
  onFromName: (name: string) => void;
  recipients: Recipient[];
  attached: Attached | null;
  onAttach: (file: Attached | null) => void;
  sending: boolean;
  sendTest: (to: string, values: ComposeValues) => Promise<QueuedTestMail>;
}) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const values = useWatch() as ComposeValues;
  const { data: addresses = [] } = useGetList<SenderAddress>('mail_addresses', {
    pagination: { page: 1, perPage: 1000 },
  });
  // Only verified addresses send (issue 28): one waiting for its code is not offered.
  const choices = addresses.filter((a) => a.verified).map((a) => ({ id: a.from_address, name: a.from_address }));
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [testOpen, setTestOpen] = useState(false);

  const bodyText = (values.body ?? '').replace(/<[^>]*>|&nbsp;|\s/g, '');
  const complete =
    (values.title ?? '').trim() !== '' &&
    (values.from_address ?? '') !== '' &&
    tokyoInputToIso(values.send_at ?? '') !== null &&
    bodyText !== '' &&
    recipients.length > 0;

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_ATTACHMENT_BYTES) {
      setFileError(msg.fileTooLarge);
      return;
    }
    if (!/^(image|video)\//.test(file.type) && file.type !== 'application/pdf') {
      setFileError(msg.fileType);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      setFileError(null);
      onAttach({ dataUrl: String(reader.result), name: file.name, size: file.size });
    };
    reader.onerror = () => setFileError(msg.fileFormat);
    reader.readAsDataURL(file);
  };

  const openTest = () => {
    // Spec 5: a test mail without a sender address says so.
    if (!values.from_address) {
      notify(msg.fromAddress, { type: 'error' });
      return;
    }
    setTestOpen(true);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%' }}>
      <TextInput source="title" label={translate('app.mail_publication.title')} fullWidth isRequired />
      <SelectInput
        source="from_address"
        label={translate('app.mail_publication.from')}
        choices={choices}
        fullWidth
        isRequired
        emptyText=""
      />
      <TextField
        id="bulk-from-name"
        label={translate('app.mail_publication.from_name')}
        helperText={translate('app.mail_publication.from_name_hint')}
        value={fromName}
        onChange={(e) => onFromName(e.target.value)}
        variant="filled"
        size="small"
        fullWidth
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <SendAtInput source="send_at" label={translate('app.mail_publication.send_at')} />
      <RichTextInput
        source="body"
        label={translate('app.mail_publication.body')}
        fullWidth
        isRequired
        toolbar={<RichTextInputToolbar size="small" />}
        sx={{ '& .ProseMirror': { minHeight: 220 } }}
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {translate('app.mail_publication.attachment')}（{translate('app.mail_publication.attachment_hint')}）
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<AttachFileIcon />}
            onClick={() => fileInput.current?.click()}
          >
            {translate('app.mail_publication.attachment_choose')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            hidden
            data-testid="attachment"
            onChange={pick}
          />
          {attached && (
            <Chip
              label={`${attached.name}（${formatFileSize(attached.size)}）`}
              onDelete={() => onAttach(null)}
              data-testid="attached-file"
            />
          )}
        </Box>
        {attached && attached.dataUrl === null && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {translate('app.mail_publication.edit_attachment_kept')}
          </Typography>
        )}
        {fileError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {fileError}
          </Alert>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        <MuiLink component="button" type="button" onClick={openTest}>
          {translate('app.mail_publication.test_link')}
        </MuiLink>
        <Box sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" disabled={!complete || sending}>
          {sending ? (
            <CircularProgress size={20} color="inherit" />
          ) : (
            translate(editing ? 'app.mail_publication.save' : 'app.mail_publication.send')
          )}
        </Button>
      </Box>
      {!complete && (
        <Typography variant="caption" color="text.secondary" data-testid="incomplete">
          {translate(editing ? 'app.mail_publication.save_incomplete' : 'app.mail_publication.incomplete')}
        </Typography>
      )}
      {testOpen && (
        <TestMailDialog
          texts={{
            title: translate('app.mail_publication.test_link'),
            address: translate('app.mail_publication.test_to'),
            cancel: translate('app.mail_publication.close'),
            send: translate('app.mail_publication.test_send'),
          }}
          schema={testAddressSchema}
          ready={({ mail_address }) => isMailAddress(mail_address.trim())}
          send={({ mail_address }) => sendTest(mail_address, values)}
          sent={() => translate('app.mail_publication.test_sent')}
          failure={errorText}
          onClose={() => setTestOpen(false)}
        />
      )}
    </Box>
  );
}
