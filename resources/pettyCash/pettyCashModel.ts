import type { PettyCashList } from '../../contract/pettyCash';

/**
 * The rows of the petty cash table: the balance carried in first, then each entry with its money
 * in or out (one of the two columns) and the balance after it. Pure, for the page and its tests.
 */
export interface PettyCashRow {
  key: string;
  kind: 'carried' | 'entry';
  date: string | null;
  incoming: number | null;
  outgoing: number | null;
  balance: number;
  use: string;
  user: string;
}

export function pettyCashRows(list: PettyCashList, carriedLabel: string): PettyCashRow[] {
  return [
    {
      key: 'carried',
      kind: 'carried',
      date: null,
      incoming: null,
      outgoing: null,
      balance: list.carried_balance,
      use: carriedLabel,
      user: '',
    },
    ...list.cashes.map((c): PettyCashRow => ({
      key: String(c.id),
      kind: 'entry',
      date: c.paid_date,
      incoming: c.amount > 0 ? c.amount : null,
      outgoing: c.amount < 0 ? -c.amount : null,
      balance: c.balance,
      use: c.intended_use,
      user: c.user_name ?? '',
    })),
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
