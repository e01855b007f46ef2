import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from './dataProvider';

/**
 * The console's dataProvider with its typed custom methods (bookings, money, catalogue, prices),
 * through react-admin: a 401 of any call signs the user out as for CRUD (checkError).
 */
export function useAppDataProvider(): AppDataProvider {
  return useDataProvider<AppDataProvider>();
}
