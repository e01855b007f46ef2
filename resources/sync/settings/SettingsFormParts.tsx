import { useState } from 'react';
import { Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, usePermissions } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { Permissions } from '../../../dataProvider/authProvider';
import { fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { refusalMessage, zodErrors } from '../../../src/crud/formErrors';
import { SubmitButton } from '../../../src/components/SubmitButton';
import type { z } from '../../../contract/zod';

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
  savedText: string;
}) {
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
    notify(options.savedText, { type: 'success' });
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
  };
}
