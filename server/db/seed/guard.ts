import type { Config } from '../../config';
import type { Opening } from '../inspect';

/**
 * Why an empty database must not get the demo data (its accounts and passwords are published),
 * or undefined when it may: only a first start of a development install seeds.
 */
export function seedRefusal(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO'>, opening: Opening): string | undefined {
  if (!config.SEED_DEMO) return 'SEED_DEMO=0';
  if (config.NODE_ENV === 'production') return 'NODE_ENV=production never gets demo data';
  if (opening.restoreTraces.length > 0) return `a restore was here (${opening.restoreTraces.join(', ')})`;
  return undefined;
}
