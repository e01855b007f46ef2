import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { isValid } from 'date-fns';
import { useMemo, useState } from 'react';
import { useInput } from 'react-admin';
import { JaPickerProvider, pickerToWallTime, wallTimeToPicker } from '../../../src/components/JaPickerProvider';

/** What the field shows and takes: 2026年12月1日 10:00, 24 hours, whatever the browser's language. */
export const SEND_AT_FORMAT = 'yyyy年M月d日 HH:mm';

/**
 * The send date-time of a bulk mail (Asia/Tokyo) with the Japanese date-time picker, bound to the
 * react-admin form field `source`.
 */
export function SendAtInput({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source, isRequired: true });
  const value = typeof field.value === 'string' ? field.value : '';
  // A date-time being typed (not complete yet) stays as typed: the form holds '' meanwhile, and
  // handing the picker null back would wipe the sections already typed.
  const [typed, setTyped] = useState<{ date: Date; over: string } | null>(null);
  const given = useMemo(() => wallTimeToPicker(value), [value]);
  const shown = typed && typed.over === value ? typed.date : given;
  return (
    <JaPickerProvider>
      <DateTimePicker
        label={label}
        format={SEND_AT_FORMAT}
        ampm={false}
        // The calendar and the hour and minute columns side by side need more room than a phone
        // has: there the picker opens as a full dialog instead.
        desktopModeMediaQuery="@media (pointer: fine) and (min-width: 600px)"
        value={shown}
        onChange={(picked) => {
          const wall = pickerToWallTime(picked);
          setTyped(picked !== null && !isValid(picked) ? { date: picked, over: wall } : null);
          field.onChange(wall);
        }}
        name={source}
        slotProps={{
          // Filled like react-admin's text fields above and below it.
          textField: {
            id: source,
            fullWidth: true,
            required: true,
            size: 'small',
            variant: 'filled',
            onBlur: field.onBlur,
            margin: 'dense',
            // The same room under the field as react-admin's inputs keep for their helper text.
            helperText: ' ',
          },
          // 2026年12月1日 as the format says, not 2026年12月01日.
          field: { shouldRespectLeadingZeros: true },
          calendarHeader: { format: 'yyyy年M月' },
          toolbar: { toolbarFormat: 'M月d日' },
          actionBar: { actions: ['today', 'accept'] },
        }}
      />
    </JaPickerProvider>
  );
}
