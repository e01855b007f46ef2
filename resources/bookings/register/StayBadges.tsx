import { Box, Chip } from '@mui/material';
import { useMemo } from 'react';
import type { Booking } from '../../../contract/booking';
import type { RegisterStates } from '../../../contract/guestRegister';
import { MAX_REGISTER_STATES } from '../../../contract/registerStates';
import { useAppDataProvider } from '../../../dataProvider/useAppDataProvider';
import { useAppTranslate } from '../../../i18n/useAppTranslate';
import { useApiQuery } from '../../../src/hooks/useApiQuery';

export type RegisterState = RegisterStates['states'][number];

const REGISTER_COLOURS = { none: 'default', incomplete: 'warning', complete: 'success' } as const;
const STAY_COLOURS = { checked_in: 'info', checked_out: 'default', no_show: 'error' } as const;

const NO_STATES: ReadonlyMap<number, RegisterState> = new Map();

/**
 * The registers' states of the bookings a list or the calendar shows (GET admin/books/register-states,
 * MAX_REGISTER_STATES ids a call), by booking id, under react-admin's `books` key: a change in a
 * booking's panel refreshes them with the list. The map stays the same object until an answer
 * changes it (the calendar's days compare it).
 */
export function useRegisterStates(bookIds: Iterable<number>, version = 0): ReadonlyMap<number, RegisterState> {
  const dataProvider = useAppDataProvider();
  const ids = [...bookIds].sort((a, b) => a - b);
  const loaded = useApiQuery(['books', 'register-states', ids.join(','), version], async (signal) => {
    const calls: Promise<RegisterStates>[] = [];
    for (let i = 0; i < ids.length; i += MAX_REGISTER_STATES) {
      calls.push(dataProvider.getRegisterStates(ids.slice(i, i + MAX_REGISTER_STATES), signal));
    }
    return (await Promise.all(calls)).flatMap((answer) => answer.states);
  });
  const states = loaded.status === 'ready' ? loaded.data : null;
  return useMemo(() => (states ? new Map(states.map((s) => [s.book_id, s])) : NO_STATES), [states]);
}

/**
 * A booking's badges for the front desk: its register (名簿 未 / 不足 / 済) and, once it moved, its
 * stay (チェックイン済み, チェックアウト済み, ノーショー).
 */
export function StayBadges({ booking, register }: { booking: Pick<Booking, 'stay_status'>; register?: RegisterState }) {
  const translate = useAppTranslate();
  const stay = booking.stay_status && booking.stay_status !== 'reserved' ? booking.stay_status : null;
  if (!register && !stay) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap', verticalAlign: 'middle' }}>
      {register && (
        <Chip
          size="small"
          data-testid="register-badge"
          data-status={register.status}
          color={REGISTER_COLOURS[register.status]}
          variant={register.status === 'none' ? 'outlined' : 'filled'}
          label={translate('app.register.badge', { status: translate(`app.register.status.${register.status}`) })}
          title={translate(`app.register.status_long.${register.status}`)}
        />
      )}
      {stay && (
        <Chip
          size="small"
          data-testid="stay-badge"
          color={STAY_COLOURS[stay]}
          variant="outlined"
          label={translate(`app.register.stay.${stay}`)}
        />
      )}
    </Box>
  );
}
