/**
 * Every table of the shop, for Drizzle and drizzle-kit (`drizzle.config.ts`): the data layer, one
 * file per module, importing drizzle and each other only (docs/decisions/018-module-faces.md).
 */
export * from './catalogue.ts';
export * from './config.ts';
export * from './cart.ts';
export * from './accounts.ts';
export * from './mail.ts';
export * from './promos.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './audit.ts';
export * from './influencer.ts';
export * from './custom-box.ts';
export * from './stock.ts';
export * from './cache.ts';
export * from './jobs.ts';
export * from './returns.ts';
export * from './accounts-setup.ts';
export * from './accounts-two-factor.ts';
export * from './box-snapshot.ts';
export * from './order-mail-retries.ts';
export * from './releases.ts';
export * from './values.ts';
