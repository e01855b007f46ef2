import type { SenderAddress } from '../../../contract/senderAddress';
import type { QueuedTestMail } from '../../../contract/mailTemplate';
import { useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  InputLabel,
  Link as MuiLink,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Form, SelectInput, TextInput, Title, useGetList, useNotify } from 'react-admin';
import { RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  ATTACHMENT_ACCEPT,
  isMailAddress,
  MAX_ATTACHMENT_BYTES,
  mailPublicationMessages as msg,
  type Recipient,
  mailPublicationTestSchema,
} from '../../../contract/mailPublication';
import { errorMessages } from '../../../contract/messages';
import { z } from '../../../contract/zod';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { failureMessage, fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { formatFileSize } from '../../../i18n/formats';
import { DatePickerJa } from '../../../src/components/DatePickerJa';
import { links } from '../../../src/routes';
import { tokyoMinute } from '../../../contract/dates';
import { tokyoInputToIso } from './publicationFormat';
import { parseRecipientCsv, type CsvProblem } from './recipientCsv';
import { SendAtInput } from './SendAtInput';
import { TestMailDialog } from '../TestMailDialog';

/** The test send's address, by the rule of POST /admin/mail/publishes/test. */
const testAddressSchema = z.object({ mail_address: mailPublicationTestSchema.shape.to });

interface Candidate extends Recipient {
  checked: boolean;
}

interface Attached {
  dataUrl: string;
  name: string;
  size: number;
}

/** The recipient list shows this many rows; the rest are counted (and sent) all the same. */
const SHOWN = 500;

const errorText = (e: unknown) => Object.values(fieldErrorsOf(e))[0] ?? failureMessage(e, errorMessages.mailFailed);

/**
 * Bulk mail creation (spec 2 "Bulk mail list and creation", 5 "Bulk mail send"). Left: the
 * destinations, from a search of the guests of the chosen facilities (booking and stay periods)
 * and from a CSV (first column mail, second name; UTF-8 or Shift_JIS), in one list with a check
 * per recipient. Right: title, sender address, send date-time in Tokyo time, body (rich text;
 * {{name}} becomes each recipient's name), attachment (video, image or PDF up to 5 MB), a test
 * mail, and 送信, enabled only when everything is there. On success, back to /m/mail.
 */
export default function MailPublicationCreatePage() {
  const translate = useAppTranslate();
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const chosen = useMemo(() => candidates.filter((c) => c.checked), [candidates]);

  /** Adds recipients not listed yet (case-insensitive), checked. */
  const add = (recipients: readonly Recipient[]) =>
    setCandidates((list) => {
      const seen = new Set(list.map((c) => c.mail.toLowerCase()));
      const added = recipients.filter((r) => {
        const key = r.mail.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return [...list, ...added.map((r) => ({ ...r, checked: true }))];
    });

  return (
    <>
      <Title title={translate('app.page.mail_publication_create')} preferenceKey={false} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: 2,
          mt: 1,
          alignItems: 'start',
        }}
      >
        <HeadedCard testId="bulk-mail-destinations" heading={translate('app.mail_publication.search_heading')}>
          <CustomerSearch onFound={add} />
          <CsvUpload known={candidates.map((c) => c.mail)} onRead={add} />
          <RecipientList candidates={candidates} onChange={setCandidates} />
        </HeadedCard>
        <HeadedCard testId="bulk-mail-compose" heading={translate('app.mail_publication.compose_heading')}>
          <Compose recipients={chosen} />
        </HeadedCard>
      </Box>
    </>
  );
}

function CustomerSearch({ onFound }: { onFound: (recipients: Recipient[]) => void }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { accommodations } = useAccommodations();
  const [facilities, setFacilities] = useState<number[]>([]);
  const [range, setRange] = useState<Record<'book_from' | 'book_to' | 'stay_from' | 'stay_to', string | null>>({
    book_from: null,
    book_to: null,
    stay_from: null,
    stay_to: null,
  });
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<number | null>(null);

  const search = async () => {
    setBusy(true);
    try {
      const answer = await dataProvider.searchCustomers({ accommodation_id: facilities, ...range });
      const valid = answer.data.filter((c) => isMailAddress(c.mail));
      onFound(valid.map((c) => ({ mail: c.mail, name: c.name || null })));
      setFound(valid.length);
    } catch (e) {
      notify(failureMessage(e, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const date = (key: keyof typeof range) => (
    <DatePickerJa
      label={translate(`app.mail_publication.${key}`)}
      name={key}
      value={range[key]}
      clearable
      onChange={(value) => setRange((r) => ({ ...r, [key]: value }))}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {/* Filled, as react-admin's theme draws every field: an outlined input under a filled label overlapped its chips. */}
      <FormControl size="small" fullWidth variant="filled">
        <InputLabel id="bulk-facilities">{translate('app.mail_publication.facilities')}</InputLabel>
        <Select
          labelId="bulk-facilities"
          multiple
          value={facilities}
          onChange={(e) => setFacilities(typeof e.target.value === 'string' ? [] : e.target.value)}
          renderValue={(ids) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {ids.map((id) => (
                <Chip key={id} size="small" label={accommodations.find((a) => a.id === id)?.name ?? id} />
              ))}
            </Box>
          )}
        >
          {accommodations.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              <Checkbox size="small" checked={facilities.includes(a.id)} />
              {a.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1 }}>
        {date('book_from')}
        {date('book_to')}
        {date('stay_from')}
        {date('stay_to')}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Button variant="outlined" onClick={() => void search()} disabled={busy}>
          {busy ? <CircularProgress size={18} /> : translate('app.mail_publication.search')}
        </Button>
        {found !== null && (
          <Typography variant="body2" role="status">
            {translate('app.mail_publication.search_found', { count: found })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function CsvUpload({ known, onRead }: { known: readonly string[]; onRead: (recipients: Recipient[]) => void }) {
  const translate = useAppTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [report, setReport] = useState<{
    file: string;
    count: number;
    encoding: string;
    invalid: CsvProblem[];
    duplicates: CsvProblem[];
  } | null>(null);

  const read = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const csv = parseRecipientCsv(new Uint8Array(await file.arrayBuffer()), known);
    onRead(csv.recipients);
    setReport({
      file: file.name,
      count: csv.recipients.length,
      encoding: csv.encoding === 'utf-8' ? 'UTF-8' : 'Shift_JIS',
      invalid: csv.invalid,
      duplicates: csv.duplicates,
    });
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        {translate('app.mail_publication.csv')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="recipient-csv"
        onChange={(e) => void read(e)}
      />
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('app.mail_publication.csv_hint')}
      </Typography>
      {report && (
        <Box sx={{ mt: 1 }} data-testid="csv-report">
          <Typography variant="body2" role="status">
            {translate('app.mail_publication.csv_read', {
              file: report.file,
              count: report.count,
              encoding: report.encoding,
            })}
          </Typography>
          {report.invalid.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              <Typography variant="body2" fontWeight="bold">
                {translate('app.mail_publication.csv_invalid')}
              </Typography>
              {report.invalid.map((p) => (
                <Typography key={p.line} variant="body2">
                  {translate('app.mail_publication.csv_line', { line: p.line, text: p.text, reason: p.reason })}
                </Typography>
              ))}
            </Alert>
          )}
          {report.duplicates.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('app.mail_publication.csv_duplicates', {
                lines: report.duplicates.map((d) => d.line).join('、'),
              })}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

function RecipientList({ candidates, onChange }: { candidates: Candidate[]; onChange: (list: Candidate[]) => void }) {
  const translate = useAppTranslate();
  const selected = candidates.filter((c) => c.checked).length;
  const setAll = (checked: boolean) => onChange(candidates.map((c) => ({ ...c, checked })));
  const toggle = (index: number) =>
    onChange(candidates.map((c, i) => (i === index ? { ...c, checked: !c.checked } : c)));
  return (
    <Box data-testid="recipient-list">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3">
          {translate('app.mail_publication.recipients')}
        </Typography>
        <Typography variant="body2" data-testid="recipient-selected">
          {translate('app.mail_publication.selected', { selected, total: candidates.length })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button size="small" onClick={() => setAll(true)} disabled={candidates.length === 0}>
          {translate('app.mail_publication.select_all')}
        </Button>
        <Button size="small" onClick={() => setAll(false)} disabled={candidates.length === 0}>
          {translate('app.mail_publication.select_none')}
        </Button>
      </Box>
      {candidates.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.mail_publication.no_recipients')}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 420, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {candidates.slice(0, SHOWN).map((c, index) => (
            <ListItem key={c.mail.toLowerCase()} disablePadding>
              <ListItemButton onClick={() => toggle(index)} dense>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    size="small"
                    checked={c.checked}
                    tabIndex={-1}
                    inputProps={{ 'aria-label': c.mail }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={c.name ?? c.mail}
                  secondary={c.name ? c.mail : null}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
          {candidates.length > SHOWN && (
            <ListItem>
              <ListItemText secondary={`ほか${(candidates.length - SHOWN).toLocaleString('ja-JP')}件`} />
            </ListItem>
          )}
        </List>
      )}
    </Box>
  );
}

interface ComposeValues {
  title: string;
  from_address: string;
  send_at: string;
  body: string;
}

function Compose({ recipients }: { recipients: Recipient[] }) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useAppDataProvider();
  const [attached, setAttached] = useState<Attached | null>(null);
  const [sending, setSending] = useState(false);
  const defaults = useMemo<ComposeValues>(
    () => ({ title: '', from_address: '', send_at: tokyoMinute(), body: '' }),
    [],
  );

  const submit = async (values: Record<string, unknown>) => {
    const v = values as unknown as ComposeValues;
    const sendAt = tokyoInputToIso(v.send_at);
    if (!sendAt) return;
    setSending(true);
    try {
      const created = await dataProvider.createPublication({
        send_at: sendAt,
        setting: {
          title: v.title,
          from_address: v.from_address,
          body: v.body,
          users: recipients.map((r) => (r.name ? { mail: r.mail, name: r.name } : r.mail)),
          file: attached?.dataUrl ?? null,
          file_name: attached?.name ?? null,
        },
      });
      notify(translate('app.mail_publication.created', { count: created.recipient_count }), { type: 'success' });
      navigate(links.mailPublications());
    } catch (e) {
      notify(errorText(e), { type: 'error' });
      setSending(false);
    }
  };

  return (
    <Form onSubmit={(values: Record<string, unknown>) => void submit(values)} defaultValues={defaults} noValidate>
      <ComposeFields
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
            file_name: attached?.name ?? null,
          })
        }
      />
      <Typography variant="caption" color="text.secondary">
        {translate('app.mail_publication.body_hint')}
      </Typography>
    </Form>
  );
}

function ComposeFields({
  recipients,
  attached,
  onAttach,
  sending,
  sendTest,
}: {
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
          {sending ? <CircularProgress size={20} color="inherit" /> : translate('app.mail_publication.send')}
        </Button>
      </Box>
      {!complete && (
        <Typography variant="caption" color="text.secondary" data-testid="incomplete">
          {translate('app.mail_publication.incomplete')}
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

/** One of the page's two cards: its heading, then what it holds. */
function HeadedCard({ testId, heading, children }: { testId: string; heading: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {heading}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
