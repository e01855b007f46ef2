import { useState, type ReactNode } from 'react';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, useNotify, usePermissions } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Permissions } from '../../../dataProvider/authProvider';
import { fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { refusalMessage, zodErrors } from '../../../src/crud/formErrors';
import { SubmitButton } from '../../../src/components/SubmitButton';
import type { z } from '../../../contract/zod';
import { useAppTranslate } from '../../../i18n/useAppTranslate';

/** The server's rule (a zod schema of contract/) as a settings form's errors, on the field each concerns (extra_fields.age). */
export function schemaErrors(schema: z.ZodType, values: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : zodErrors(parsed.error);
}

/** The save button of a settings card's form: busy while it submits. */
export function SaveButton({ label }: { label: string }) {
  const { isSubmitting } = useFormState();
  return <SubmitButton busy={isSubmitting}>{label}</SubmitButton>;
}

/** 保存しました beside the button after a save, until the form is changed again. */
export function SavedNote({ saved, text, testId }: { saved: boolean; text: string; testId: string }) {
  const { isDirty } = useFormState();
  if (!saved || isDirty) return null;
  return (
    <Typography role="status" color="success.main" sx={{ fontWeight: 700 }} data-testid={testId}>
      {text}
    </Typography>
  );
}

/**
 * A settings card's form: its settings read through react-admin's query client under `key`, who may
 * change them, and the save that writes them back (the server's field refusals land on the fields,
 * 保存しました after a save, the form drawn again from the saved settings, no longer dirty).
 */
export function useSettingsForm<T>(options: {
  key: readonly unknown[];
  load: (signal: AbortSignal) => Promise<T>;
  save: (values: Record<string, unknown>) => Promise<T>;
  /** Its texts: app.setting_page.<section>.saved, load_failed and read_only. */
  section: SettingsSection;
}) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { permissions, isPending: permissionsPending } = usePermissions<Permissions>();
  const { data, isPending, error } = useQuery({
    queryKey: options.key,
    queryFn: ({ signal }) => options.load(signal),
    retry: false,
  });
  const [saved, setSaved] = useState(false);
  const [generation, setGeneration] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    let next: T;
    try {
      next = await options.save(values);
    } catch (failure) {
      notify(refusalMessage(failure), { type: 'error' });
      const fields = fieldErrorsOf(failure);
      return Object.keys(fields).length > 0 ? fields : undefined;
    }
    queryClient.setQueryData(options.key, next);
    setSaved(true);
    setGeneration((g) => g + 1);
    notify(translate(`app.setting_page.${options.section}.saved`), { type: 'success' });
    return undefined;
  };

  return {
    data,
    loading: isPending || permissionsPending,
    failed: Boolean(error) || (!isPending && !data),
    readOnly: !permissions?.isAdmin,
    saved,
    generation,
    submit,
    section: options.section,
  };
}

/** The sections of app.setting_page whose cards are settings forms: each names its load_failed, read_only and saved. */
type SettingsSection = 'auto_mail' | 'register' | 'tax' | 'invoice';

export interface SettingsFormProps<T> {
  /** What useSettingsForm answered. */
  settings: ReturnType<typeof useSettingsForm<T>>;
  /** The card's test ids: `${testId}-form`, `-read-only`, `-saved`. */
  testId: string;
  /** Something else the card waits for (the tax rules), and whether it failed. */
  alsoPending?: boolean;
  alsoFailed?: boolean;
  /** The form's values from the settings (empty strings for nulls); the settings themselves by default. */
  values?: (data: T) => Record<string, unknown>;
  validate: (values: Record<string, unknown>) => Record<string, string>;
  maxWidth: number;
  /** Above and below the form, inside the card. */
  before?: ReactNode;
  after?: (data: T) => ReactNode;
  children: ReactNode;
}

/**
 * A settings card: a progress bar while it loads, the section's load_failed, then its form with the
 * fields given, and beneath them either the read-only note (staff) or 保存 with 保存しました.
 */
export function SettingsForm<T>({
  settings,
  testId,
  alsoPending = false,
  alsoFailed = false,
  values,
  validate,
  maxWidth,
  before,
  after,
  children,
}: SettingsFormProps<T>) {
  const translate = useAppTranslate();
  const { data, loading, failed, readOnly, saved, generation, submit, section } = settings;
  if (loading || alsoPending) return <LinearProgress />;
  if (failed || alsoFailed || data === undefined) {
    return <Alert severity="error">{translate(`app.setting_page.${section}.load_failed`)}</Alert>;
  }
  return (
    <Box data-testid={`${testId}-form`}>
      {before}
      <Form
        key={generation}
        defaultValues={values ? values(data) : (data as Record<string, unknown>)}
        onSubmit={submit}
        validate={validate}
        sanitizeEmptyValues={false}
        disabled={readOnly}
      >
        <Stack sx={{ maxWidth }}>
          {children}
          {readOnly ? (
            <Typography variant="body2" color="text.secondary" data-testid={`${testId}-read-only`}>
              {translate(`app.setting_page.${section}.read_only`)}
            </Typography>
          ) : (
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
              <SaveButton label={translate('app.setting_page.auto_mail.save')} />
              <SavedNote
                saved={saved}
                text={translate(`app.setting_page.${section}.saved`)}
                testId={`${testId}-saved`}
              />
            </Stack>
          )}
        </Stack>
      </Form>
      {after?.(data)}
    </Box>
  );
}
