/**
 * Plan prices: the grid (a month at a time, cells save on blur), the CSV screen (dry run, import,
 * blank file) and their model. The data comes from the dataProvider's price methods
 * (dataProvider/methods/prices.ts) through react-query (priceQueries.ts).
 */
export { PriceGrid, type PriceGridProps } from './PriceGrid';
export { PriceCsv, type PriceCsvProps } from './PriceCsvPage';
export * from './priceModel';
