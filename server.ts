/**
 * HTTP entry: opens the shop (database, migrations, first-start catalogue import), serves the
 * built React Router app and the JSON API with Hono on Node, and shuts down gracefully on
 * SIGINT/SIGTERM. Run `npm run build` first (`npm start` does).
 */
import './server/production-default.ts';
import { serve } from '@hono/node-server';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { EnvError } from './core/config/env.ts';
import { productionReport } from './core/config/production.ts';
import { DataDirLockedError } from './core/db/lock.ts';
import { openShop } from './core/shop.ts';
import { startExpirySweep } from './core/orders/sweep.ts';
import { createHttpApp } from './server/app.ts';
import { bootstrapAdmin } from './core/accounts/bootstrap.ts';
import { startOutboxWorker } from './core/mail/service.ts';
import { closeRateLimits } from './core/rate-limit/index.ts';

async function main() {
  let shop;
  try {
    shop = await openShop();
  } catch (e) {
    if (e instanceof EnvError || e instanceof DataDirLockedError) {
      console.error(e.message);
      if (e instanceof EnvError) console.error('See README, "Configuration". For a local trial run `npm run dev`.');
      process.exit(1);
    }
    throw e;
  }
  // what production still lacks, in plain lines at the top of the log (README, "Configuration")
  for (const line of productionReport(shop.env)) console.warn(line);
  await bootstrapAdmin(shop);
  const stopOutbox = startOutboxWorker(shop);
  const buildPath = path.resolve('build/server/index.js');
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const app = createHttpApp(shop, { build, formActionOrigins: shop.env.DATATRANS_MERCHANT_ID ? [shop.env.DATATRANS_PAY_URL] : [] });
  const server = serve({ fetch: app.fetch, port: shop.env.PORT, hostname: shop.env.HOST }, (info) => {
    shop.log.info({ port: info.port, database: shop.database.kind, mode: shop.env.NODE_ENV, publicUrl: shop.env.PUBLIC_URL }, `shop listening on http://localhost:${info.port}`);
  });
  const sweep = startExpirySweep(shop);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweep);
    shop.log.info({ signal }, 'shutting down');
    stopOutbox();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await closeRateLimits(shop);
      await shop.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
