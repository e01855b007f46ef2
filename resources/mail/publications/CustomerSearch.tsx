import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Typography,
} from '@mui/material';
import { useNotify } from 'react-admin';
import { customerQuerySchema, isMailAddress, type Recipient } from '../../../contract/mailPublication';
import { errorMessages } from '../../../contract/messages';
import { useAccommodations } from '../../../dataProvider/accommodations';
import { failureMessage, fieldErrorsOf } from '../../../dataProvider/apiErrors';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { DatePickerJa } from '../../../src/components/DatePickerJa';

type RangeKey = 'book_from' | 'book_to' | 'stay_from' | 'stay_to';

/** What a search does with the list: `replace` what the last search found, or `add` to it. */
export type SearchMode = 'replace' | 'add';

/**
 * The guest search of bulk mail (spec 2): the chosen facilities (all the user reaches when none),
 * booking and stay periods. 検索 replaces what the last search found, so guests of an earlier search
 * do not stay ticked unseen; 検索して追加 adds to it (issue 32). An end before its start is refused on
 * its field, by the server's own rule (customerQuerySchema), before anything is asked.
 */
export function CustomerSearch({
  onFound,
  onFacilities,
}: {
  onFound: (recipients: Recipient[], mode: SearchMode) => void;
  /** The facilities chosen, for the sender name the compose side offers. */
  onFacilities?: (ids: number[]) => void;
}) {
  const translate = useAppTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const { accommodations } = useAccommodations();
  const [facilities, setFacilities] = useState<number[]>([]);
  const [range, setRange] = useState<Record<RangeKey, string | null>>({
    book_from: null,
    book_to: null,
    stay_from: null,
    stay_to: null,
  });
  const [refused, setRefused] = useState<Partial<Record<RangeKey, string>>>({});
  const [busy, setBusy] = useState<SearchMode | null>(null);
  const [found, setFound] = useState<number | null>(null);

  const search = async (mode: SearchMode) => {
    const asked = Object.fromEntries(Object.entries(range).filter(([, v]) => v !== null)) as Partial<
      Record<RangeKey, string>
    >;
    const checked = customerQuerySchema.safeParse(asked);
    if (!checked.success) {
      setRefused(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setRefused({});
    setBusy(mode);
    try {
      const answer = await dataProvider.searchCustomers({ accommodation_id: facilities, ...range });
      const valid = answer.data.filter((c) => isMailAddress(c.mail));
      onFound(
        valid.map((c) => ({ mail: c.mail, name: c.name || null })),
        mode,
      );
      setFound(valid.length);
    } catch (e) {
      const fields = fieldErrorsOf(e) as Partial<Record<RangeKey, string>>;
      if (Object.keys(fields).length > 0) setRefused(fields);
      else notify(failureMessage(e, errorMessages.generic), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const date = (key: RangeKey) => (
    <DatePickerJa
      label={translate(`app.mail_publication.${key}`)}
      name={key}
      value={range[key]}
      clearable
      error={refused[key] !== undefined}
      helperText={refused[key]}
      onChange={(value) => {
        setRange((r) => ({ ...r, [key]: value }));
        setRefused({});
      }}
    />
  );

  const choose = (ids: number[]) => {
    setFacilities(ids);
    onFacilities?.(ids);
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {/* Filled, as react-admin's theme draws every field: an outlined input under a filled label overlapped its chips. */}
      <FormControl size="small" fullWidth variant="filled">
        <InputLabel id="bulk-facilities">{translate('app.mail_publication.facilities')}</InputLabel>
        <Select
          labelId="bulk-facilities"
          multiple
          value={facilities}
          onChange={(e) => choose(typeof e.target.value === 'string' ? [] : e.target.value)}
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void search('replace')} disabled={busy !== null}>
          {busy === 'replace' ? <CircularProgress size={18} /> : translate('app.mail_publication.search')}
        </Button>
        <Button onClick={() => void search('add')} disabled={busy !== null}>
          {busy === 'add' ? <CircularProgress size={18} /> : translate('app.mail_publication.search_add')}
        </Button>
        {found !== null && (
          <Typography variant="body2" role="status">
            {translate('app.mail_publication.search_found', { count: found })}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('app.mail_publication.search_hint')}
      </Typography>
    </Box>
  );
}
