import { vi } from 'vitest';
import type { Plan } from '../../contract/plan';
import type { AppDataProvider } from '../../dataProvider/dataProvider';
import { memoryProvider } from './crudHarness';

/**
 * crudHarness's in-memory provider holding the given plans (read with getOne), plus the price
 * methods as mocks: a test sets their answers and asserts what the price screens sent.
 */
export function priceProvider(plans: Plan[]) {
  const store = memoryProvider({ plans });
  const prices = {
    listPrices: vi.fn<AppDataProvider['listPrices']>().mockResolvedValue([]),
    updatePrice: vi.fn<AppDataProvider['updatePrice']>(),
    getPriceRule: vi.fn<AppDataProvider['getPriceRule']>().mockResolvedValue(null),
    createPrices: vi.fn<AppDataProvider['createPrices']>(),
    downloadPricesCsv: vi.fn<AppDataProvider['downloadPricesCsv']>(),
    checkPriceCsv: vi.fn<AppDataProvider['checkPriceCsv']>(),
    importPriceCsv: vi.fn<AppDataProvider['importPriceCsv']>(),
  };
  const provider: AppDataProvider = { ...store.provider, ...prices };
  return { ...store, provider, prices };
}
