import { cancelFee, cancelFeeError, cancelFeeMessages } from '../../contract/booking';

/** What the cancel dialog's fee choice holds: no fee, a preset percent of the total, or a typed amount. */
export type CancelFeeChoice =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'amount'; text: string };

/**
 * The fee to send for a choice (null: no fee), or the Japanese sentence that refuses a typed amount.
 * A typed amount is whole yen from 0 up to the total; thousands separators and full-width digits,
 * as a phone keyboard or an IME gives them, are read too.
 */
export function cancelFeeOf(
  choice: CancelFeeChoice,
  priceSub: number,
): { fee: number | null; error?: undefined } | { fee?: undefined; error: string } {
  if (choice.kind === 'none') return { fee: null };
  if (choice.kind === 'percent') return { fee: cancelFee(priceSub, choice.percent) };
  const text = choice.text
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[,，円\s]/g, '');
  if (text === '') return { error: cancelFeeMessages.required };
  const fee = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const error = cancelFeeError(fee, priceSub);
  return error ? { error } : { fee };
}
