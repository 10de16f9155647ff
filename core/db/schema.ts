/** Every table of the shop, for Drizzle and drizzle-kit. Each module owns its own schema file. */
export * from '../catalogue/schema.ts';
export * from '../config/schema.ts';
export * from '../cart/schema.ts';
export * from '../accounts/schema.ts';
export * from '../mail/schema.ts';
export * from '../promos/schema.ts';
export * from '../orders/schema.ts';
export * from '../payments/schema.ts';
export * from '../audit/schema.ts';
export * from '../influencer/schema.ts';
export * from '../custom-box/schema.ts';
export * from '../catalogue/stock-schema.ts';
export * from '../cache/schema.ts';
export * from '../jobs/schema.ts';
export * from '../returns/schema.ts';
export * from '../accounts/setup-schema.ts';
export * from '../accounts/two-factor-schema.ts';
