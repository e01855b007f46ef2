import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { isValid } from 'date-fns';
import type { ReactNode } from 'react';
import { useInput } from 'react-admin';
import { JaPickerProvider, pickerToWallTime, wallTimeToPicker } from '../components/JaPickerProvider';

/**
 * A date and time (yyyy-MM-ddTHH:mm, as the wall clock in Tokyo reads it) with the Japanese picker,
 * as a react-admin input: 年/月/日 時:分 sections, 24-hour. The value is a wall-clock text, never an
 * instant, so the browser's own zone changes nothing. Partly typed, the value is empty, and the
 * form's rule says what is missing.
 */
export function DateTimeInputJa({
  source,
  label,
  disabled,
  required,
  helperText,
}: {
  source: string;
  label: string;
  disabled?: boolean;
  required?: boolean;
  helperText?: ReactNode;
}) {
  const { field, fieldState } = useInput({ source });
  const value = wallTimeToPicker(typeof field.value === 'string' ? field.value : null);
  return (
    <JaPickerProvider>
      <DateTimePicker
        label={label}
        format="yyyy-MM-dd HH:mm"
        ampm={false}
        value={value && isValid(value) ? value : null}
        onChange={(picked) => field.onChange(pickerToWallTime(picked) || null)}
        disabled={disabled}
        name={source}
        slotProps={{
          textField: {
            id: source,
            variant: 'filled',
            fullWidth: true,
            required,
            onBlur: field.onBlur,
            error: fieldState.invalid,
            helperText: fieldState.error?.message ?? helperText,
            margin: 'dense',
          },
          calendarHeader: { format: 'yyyy年M月' },
        }}
      />
    </JaPickerProvider>
  );
}
