import { pettyCashStateOf, type PettyCashList, type PettyCashState } from '../../contract/pettyCash';

/**
 * The rows of the petty cash table: the balance carried in first, then each entry with its money
 * in or out (one of the two columns), the balance after it and, for a correction pair (issue 32),
 * its state and the other entry of the pair. Pure, for the page and its tests.
 */
export interface PettyCashRow {
  key: string;
  kind: 'carried' | 'entry';
  /** The entry's number (No.), null on the carried row. */
  id: number | null;
  date: string | null;
  incoming: number | null;
  outgoing: number | null;
  balance: number;
  use: string;
  user: string;
  /** Issue 32: 訂正済み (reversed) or 訂正 (the reversing entry), null for an ordinary entry. */
  state: PettyCashState | null;
  /**
   * The other entry of a correction pair: the one reversed (of a reversal) or the reversing one (of
   * a reversed entry), its date, and whether its row is on this page (a link to it) or in another range.
   */
  pair: { id: number; date: string | null; shown: boolean } | null;
  reason: string | null;
}

export function pettyCashRows(list: PettyCashList, carriedLabel: string): PettyCashRow[] {
  const shown = new Set(list.cashes.map((c) => c.id));
  return [
    {
      key: 'carried',
      kind: 'carried',
      id: null,
      date: null,
      incoming: null,
      outgoing: null,
      balance: list.carried_balance,
      use: carriedLabel,
      user: '',
      state: null,
      pair: null,
      reason: null,
    },
    ...list.cashes.map((c): PettyCashRow => {
      const state = pettyCashStateOf(c);
      const pairId = state === 'correction' ? c.corrects_id : state === 'corrected' ? c.corrected_by : null;
      return {
        key: String(c.id),
        kind: 'entry',
        id: c.id,
        date: c.paid_date,
        incoming: c.amount > 0 ? c.amount : null,
        outgoing: c.amount < 0 ? -c.amount : null,
        balance: c.balance,
        use: c.intended_use,
        user: c.user_name ?? '',
        state,
        pair:
          pairId === null
            ? null
            : {
                id: pairId,
                date: state === 'correction' ? c.corrects_date : c.corrected_date,
                shown: shown.has(pairId),
              },
        reason: c.correction_reason,
      };
    }),
  ];
}

/** The totals of the range's money in and out. */
export function pettyCashTotals(list: PettyCashList): { incoming: number; outgoing: number } {
  let incoming = 0;
  let outgoing = 0;
  for (const c of list.cashes) {
    if (c.amount > 0) incoming += c.amount;
    else outgoing -= c.amount;
  }
  return { incoming, outgoing };
}
