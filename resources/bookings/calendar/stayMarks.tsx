import type { Booking } from '../../../contract/booking';
import type { RegisterStates } from '../../../contract/guestRegister';
import { calendarText } from '../../../i18n/calendarMessages';

/** A booking's register as the calendar marks it. */
export type ChipRegister = Pick<RegisterStates['states'][number], 'status'>;

/**
 * The marks before a guest's name on the calendar (styled by calendarCss): the register and, once
 * the stay moved, the stay. Compact (the grid, the month's bars): a coloured dot and C/I, C/O, NS;
 * else 名簿 未 / 不足 / 済 and the stay's words. The words are for the chip's title.
 */
export function stayMarks(book: Pick<Booking, 'stay_status'>, register: ChipRegister | undefined, compact: boolean) {
  const stay = book.stay_status && book.stay_status !== 'reserved' ? book.stay_status : null;
  const registerText = register ? calendarText(`register_${register.status}`) : '';
  const stayText = stay ? calendarText(`stay_${stay}`) : '';
  const marks = (
    <>
      {register &&
        (compact ? (
          <span
            className={`cal-mark cal-register compact ${register.status}`}
            data-register={register.status}
            role="img"
            aria-label={registerText}
            title={registerText}
          />
        ) : (
          <span className={`cal-mark cal-register ${register.status}`} data-register={register.status}>
            {registerText}
          </span>
        ))}
      {stay && (
        <span className={`cal-mark cal-stay ${stay}`} data-stay={stay} title={stayText}>
          {compact ? calendarText(`stay_${stay}_short`) : stayText}
        </span>
      )}
    </>
  );
  return { marks, words: [registerText, stayText].filter(Boolean) };
}
