import { Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { SubmitButton } from '../../../src/components/SubmitButton';

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
