import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetOne } from 'react-admin';
import type { Plan } from '../../../contract/plan';
import type { AppDataProvider } from '../../../dataProvider/dataProvider';
import type { PriceEntry } from '../../../dataProvider/methods/prices';

/**
 * The price screens' reads, in react-admin's query cache under the `plans` resource (react-admin
 * keys its own as `['plans', 'getOne', ...]`): a write elsewhere that invalidates `['plans']`
 * reads them again too.
 *
 * None of them retries: a plan that is not there (404) says so at once, as a failed month does.
 */
export const priceQueryKeys = {
  /** Every period of the plan's cells (the prefix of `period`). */
  prices: (planId: number) => ['plans', 'prices', { planId }] as const,
  period: (planId: number, start: string, end: string) => ['plans', 'prices', { planId, start, end }] as const,
  rule: (planId: number) => ['plans', 'priceRule', { planId }] as const,
};

/** The plan whose prices are shown: its name and max_num (the headcount columns). */
export function usePlan(accommodationId: number, planId: number) {
  return useGetOne<Plan>('plans', { id: planId, meta: { accommodationId } }, { retry: false });
}

/** The plan's cells from start to end (yyyy-MM-dd, both included). */
export function usePrices(planId: number, start: string, end: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: priceQueryKeys.period(planId, start, end),
    queryFn: ({ signal }) => dataProvider.listPrices(planId, start, end, signal),
    retry: false,
  });
}

/**
 * The creator's last rule for the plan (null before it was first used). The creator's inputs start
 * from it once, so it is read again at every opening rather than taken from an older visit.
 */
export function usePriceRule(planId: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: priceQueryKeys.rule(planId),
    queryFn: ({ signal }) => dataProvider.getPriceRule(planId, signal),
    retry: false,
    gcTime: 0,
  });
}

/** A saved cell replaces the stored one in every cached period of the plan: the next blur compares with it. */
export function storeSavedPrice(queryClient: QueryClient, planId: number, entry: PriceEntry): void {
  queryClient.setQueriesData<PriceEntry[]>({ queryKey: priceQueryKeys.prices(planId) }, (list) =>
    list?.map((p) => (p.id === entry.id ? entry : p)),
  );
}

/**
 * After a bulk write (the creator's register, a CSV import) the cached periods of the plan are
 * forgotten rather than invalidated: the price list opened next shows its spinner and then the new
 * prices, never the old ones first.
 */
export function forgetPlanPrices(queryClient: QueryClient, planId: number): void {
  queryClient.removeQueries({ queryKey: priceQueryKeys.prices(planId) });
}
