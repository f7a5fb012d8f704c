export { PriceBook, normaliseGateway } from './price-book';
export type { PriceBookOptions, RunObservation, UsagePrior } from './price-book';
export { pricingMigrations } from './pricing-migrations';
