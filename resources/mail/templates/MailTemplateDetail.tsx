import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useGetList, useGetOne, useNotify, useUpdate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { sendTypeLabel } from '../../../contract/enums';
import {
  placeholderGuide,
  mailTemplateEntity,
  mailTemplateMessages,
  mailTemplateUpdateSchema,
  testMailSchema,
  testMailViaChoices,
  type MailTemplate,
} from '../../../contract/mailTemplate';
import { errorMessages } from '../../../contract/messages';
import { maxLengthOf } from '../../../contract/fieldRules';
import { fieldErrorsOf, failureMessage } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { refusalMessage } from '../../../src/crud/formErrors';
import type { SenderAddress } from '../../../contract/senderAddress';
import type { Accommodation } from '../../../dataProvider/types';
import { useEntityText } from '../../../src/crud/entityText';
import { lengthHint } from '../../../src/crud/EntityInput';
import { NotFoundPage } from '../../../src/components/MessagePage';
import { links } from '../../../src/routes';
import { ForAccommodationUid } from './ForAccommodationUid';
import { TestMailDialog } from '../TestMailDialog';

/** The fields of the form, in its order. */
const FIELDS = ['title', 'from_name', 'from_address', 'body'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const valuesOf = (t: MailTemplate): Values => ({
  title: t.title,
  from_name: t.from_name,
  from_address: t.from_address,
  body: t.body,
});

/**
 * One mail template (spec 2 "Mail templates", 4 "Mail template detail"): title, sender name, sender
 * address and body, read-only ('未設定' for an empty body); 編集 turns the fields into inputs with
 * 保存 and キャンセル (which restores the loaded values), and テスト送信 opens the test form.
 */
export default function MailTemplateDetail() {
  return (
    <ForAccommodationUid>{(accommodation) => <TemplateLoader accommodation={accommodation} />}</ForAccommodationUid>
  );
}

function TemplateLoader({ accommodation }: { accommodation: Accommodation }) {
  const { templateId } = useParams();
  const id = Number(templateId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useGetOne<MailTemplate>(
    mailTemplateEntity.resource,
    { id, meta: { accommodationId: accommodation.id } },
    { enabled: valid, retry: false },
  );
  if (!valid || (error && (error as { status?: number }).status === 404)) return <NotFoundPage />;
  if (isPending) return <LinearProgress />;
  if (!data) return <NotFoundPage />;
  return <TemplateCard key={data.id} accommodation={accommodation} template={data} />;
}

function TemplateCard({ accommodation, template }: { accommodation: Accommodation; template: MailTemplate }) {
  const { text, label, translate } = useEntityText(mailTemplateEntity);
  const { data: senders = [] } = useGetList<SenderAddress>('mail_addresses', {
    pagination: { page: 1, perPage: 1000 },
  });
  const notify = useNotify();
  const [update, { isPending: saving }] = useUpdate<MailTemplate>();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(() => valuesOf(template));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const pageTitle = translate('app.page.mail_template');

  const startEditing = () => {
    setValues(valuesOf(template));
    setEditing(true);
  };
  const cancel = () => {
    setValues(valuesOf(template));
    setErrors({});
    setProblem(null);
    setEditing(false);
  };
  const refuse = (fieldErrors: Partial<Record<Field, string>>, fallback: string) => {
    setErrors(fieldErrors);
    const first = FIELDS.map((f) => fieldErrors[f]).find(Boolean) ?? fallback;
    setProblem(`${mailTemplateMessages.inputProblem}${first}`);
  };
  const save = () => {
    const parsed = mailTemplateUpdateSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        fieldErrors[field] ??= issue.message;
      }
      refuse(fieldErrors, parsed.error.issues[0]?.message ?? '');
      return;
    }
    const { title, from_name, from_address, body } = parsed.data;
    update(
      mailTemplateEntity.resource,
      {
        id: template.id,
        // The four fields are sent whatever changed: the call requires title and sender (spec 5).
        data: { title, from_name, from_address, body },
        previousData: { id: template.id } as MailTemplate,
        meta: { accommodationId: accommodation.id },
      },
      {
        onSuccess: () => {
          setErrors({});
          setProblem(null);
          setEditing(false);
          notify(text('messages.updated'), { type: 'info' });
        },
        onError: (error) => refuse(fieldErrorsOf(error), failureMessage(error, mailTemplateMessages.inputProblem)),
      },
    );
  };

  const shown = editing ? values : valuesOf(template);
  // The sender is picked from the company's verified sender addresses (issue 28); one saved before
  // that rule that is not among them stays shown, marked, and cannot be picked again.
  const verified = senders.filter((a) => a.verified).map((a) => a.from_address);
  const senderChoices = verified.includes(shown.from_address) ? verified : [shown.from_address, ...verified];
  const senderNote = verified.includes(template.from_address)
    ? undefined
    : translate('resources.mail_templates.values.sender_not_verified');
  const input = (
    field: Field,
    extra: { type?: string; multiline?: boolean; helperText?: ReactNode; choices?: string[] } = {},
  ) => (
    <TextField
      select={editing && extra.choices !== undefined}
      id={`mail-template-${field}`}
      // The detail says タイトル where the list's column says テンプレート名 (spec 2).
      label={field === 'title' ? translate('resources.mail_templates.values.title_label') : label(field)}
      value={shown[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      required={editing && field !== 'body'}
      type={editing ? extra.type : undefined}
      error={Boolean(errors[field])}
      // While typed in, a text says how long it may be (the update's limit); a picked sender does not.
      helperText={
        errors[field] ??
        (editing && extra.choices === undefined
          ? lengthHint(maxLengthOf(mailTemplateUpdateSchema, field), extra.helperText)
          : extra.helperText)
      }
      placeholder={field === 'body' ? translate('resources.mail_templates.values.not_set') : undefined}
      fullWidth
      multiline={extra.multiline}
      rows={extra.multiline ? 15 : undefined}
      // 15 rows of at least 400 px (spec 2). The minimum is set on the shown textarea only: MUI
      // measures a row with a hidden twin (aria-hidden), which must keep its natural height.
      sx={extra.multiline ? { '& textarea:not([aria-hidden])': { minHeight: 400 } } : undefined}
      slotProps={{
        input: { readOnly: !editing },
        htmlInput: extra.multiline ? { 'data-testid': 'mail-template-body' } : undefined,
        inputLabel: { shrink: true },
      }}
    >
      {editing &&
        extra.choices?.map((choice) => (
          <MenuItem key={choice} value={choice} disabled={!verified.includes(choice)}>
            {choice}
          </MenuItem>
        ))}
    </TextField>
  );

  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={pageTitle} preferenceKey={false} />
      <Button
        component={Link}
        to={links.mailTemplates(accommodation.uid)}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
      >
        {translate('resources.mail_templates.actions.back')}
      </Button>
      <Card data-testid="mail-template-detail">
        <CardHeader
          title={pageTitle}
          subheader={`${accommodation.name} ・ ${sendTypeLabel(template.send_type)}`}
          slotProps={{ title: { component: 'h1', variant: 'h6', sx: { fontWeight: 700 } } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <Stack sx={{ gap: 2.5 }}>
            {problem && (
              <Alert severity="error" data-testid="mail-template-problem">
                {problem}
              </Alert>
            )}
            {input('title')}
            {input('from_name')}
            {input('from_address', { choices: senderChoices, helperText: senderNote })}
            {input('body', {
              multiline: true,
              helperText: editing
                ? translate('resources.mail_templates.messages.placeholders', {
                    names: placeholderGuide(),
                  })
                : undefined,
            })}
          </Stack>
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
          {editing ? (
            <>
              <Button onClick={cancel} disabled={saving}>
                {translate('resources.mail_templates.actions.cancel')}
              </Button>
              <Button variant="contained" onClick={save} disabled={saving}>
                {translate('resources.mail_templates.actions.save')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="outlined" onClick={() => setTesting(true)}>
                {translate('resources.mail_templates.actions.test')}
              </Button>
              <Button variant="contained" onClick={startEditing}>
                {translate('resources.mail_templates.actions.edit')}
              </Button>
            </>
          )}
        </CardActions>
      </Card>
      {testing && (
        <TemplateTest accommodationId={accommodation.id} template={template} onClose={() => setTesting(false)} />
      )}
    </Box>
  );
}

/**
 * The test send of a template (spec 2 "Mail templates", 5 "Test mail"): the address and the
 * reservation channel (公式 / 提携チャネル); the server queues the template filled with a sample booking.
 */
function TemplateTest({
  accommodationId,
  template,
  onClose,
}: {
  accommodationId: number;
  template: MailTemplate;
  onClose: () => void;
}) {
  const { label, translate } = useEntityText(mailTemplateEntity);
  const dataProvider = useAppDataProvider();
  return (
    <TestMailDialog
      texts={{
        title: translate('resources.mail_templates.titles.test'),
        address: label('mail_address'),
        cancel: translate('resources.mail_templates.actions.cancel'),
        send: translate('resources.mail_templates.actions.send'),
      }}
      via={{ label: label('via'), choices: testMailViaChoices }}
      schema={testMailSchema}
      incomplete={translate('resources.mail_templates.messages.test_incomplete')}
      send={(input) => dataProvider.testMailTemplate(accommodationId, template.id, input)}
      sent={(address) => translate('resources.mail_templates.messages.test_queued', { address })}
      failure={(error) => refusalMessage(error, errorMessages.mailFailed)}
      onClose={onClose}
    />
  );
}
