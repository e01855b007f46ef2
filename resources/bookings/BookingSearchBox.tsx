import { useState, type KeyboardEvent } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { useListContext } from 'react-admin';
import { todayInTokyo } from '../../i18n/formats';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { searchBoxError, searchBoxFilter, type BookingSearchFilter } from './bookingSearchModel';

/**
 * The booking search's one box for a guest who calls (name, phone, mail, confirmation number):
 * searches on Enter (or the button), not on each key, since each search reads every date. It sits
 * among the filters of react-admin's filter form (`source` and `alwaysOn` are read there) but sets
 * the list's filter itself: Enter also empties the period (the search is across all dates).
 */
export function BookingSearchBox(props: { source: 'q'; alwaysOn: true }) {
  const translate = useAppTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const form = useFormContext();
  const applied = (filterValues as BookingSearchFilter).q ?? '';
  const [text, setText] = useState(applied);
  const [error, setError] = useState<string | null>(null);
  // A search changed elsewhere (filters cleared, the page opened again) shows in the box.
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setText(applied);
  }

  const search = () => {
    const refused = searchBoxError(text);
    setError(refused);
    if (refused) return;
    const next = searchBoxFilter(filterValues as BookingSearchFilter, text, todayInTokyo());
    // The filter form sends its own values half a second after a change (a switch flipped just
    // before Enter): it must hold the new period too, or it would put the old one back.
    for (const key of ['stay_start_date', 'stay_end_date'] as const) {
      if (form.getValues(key) !== (next[key] ?? '')) form.setValue(key, next[key] ?? '');
    }
    setFilters(next, displayedFilters);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // The filter form around it must not submit: this box sets the filter itself.
    event.preventDefault();
    search();
  };

  return (
    <TextField
      name={props.source}
      type="search"
      size="small"
      label={translate('app.book_search.search')}
      placeholder={translate('app.book_search.search_placeholder')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      error={error !== null}
      helperText={error ?? translate('app.book_search.search_help')}
      sx={{ width: { xs: '100%', sm: 360 }, '& .MuiFormHelperText-root': { whiteSpace: 'normal' } }}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('app.book_search.search_button')}
                onClick={search}
              >
                <SearchIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
