/**
 * Starting the shop (shared by the production entry `server/main.ts`, bundled with the app into
 * `build/server/server.js`, and the source entry `server.ts` run by tsx): opens the shop
 * (database, migrations, first-start catalogue import), serves the React Router build and the
 * JSON API with Hono on Node, and shuts down gracefully on SIGINT/SIGTERM.
 */
import { serve } from '@hono/node-server';
import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import type { ServerBuild } from 'react-router';
import { EnvError } from '../core/config/env.ts';
import { productionReport } from '../core/config/production.ts';
import { DataDirLockedError } from '../core/db/lock.ts';
import { openShop } from '../core/shop.ts';
import { startExpirySweep } from '../core/orders/sweep.ts';
import { createHttpApp } from './app.ts';
import { withFront } from './page-cache-front.ts';
import { bootstrapAdmin } from '../core/accounts/bootstrap.ts';
import { issueSetupLink, SETUP_LINK_MESSAGE } from '../core/accounts/setup.ts';
import { sellerDataReport } from '../core/config/readiness.ts';
import { getSettings } from '../core/config/service.ts';
import { startOutboxWorker } from '../core/mail/service.ts';
import { closeRateLimits } from '../core/rate-limit/index.ts';

/** Opens the shop and serves `build` until SIGINT/SIGTERM; exits with 1 on a bad environment or a locked data directory. */
export async function startServer(build: ServerBuild): Promise<void> {
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
  // seller data still holding the seeded examples (IBAN, VAT number, address …): say so at the top
  if (shop.env.NODE_ENV !== 'test') for (const line of sellerDataReport(shop.env, await getSettings(shop.db))) console.warn(line);
  // first run without ADMIN_EMAIL: a single-use link (24 h) where the owner creates the first admin
  const setupLink = await issueSetupLink(shop);
  if (setupLink) console.warn(`${SETUP_LINK_MESSAGE} ${setupLink}`);
  const stopOutbox = startOutboxWorker(shop);
  const app = createHttpApp(shop, {
    build,
    formActionOrigins: shop.env.DATATRANS_MERCHANT_ID ? [shop.env.DATATRANS_PAY_URL] : [],
    stats: process.env.SHOP_BENCH_STATS === '1',
  });
  const server = serve(
    {
      fetch: app.fetch,
      port: shop.env.PORT,
      hostname: shop.env.HOST,
      // cached anonymous pages are answered before the app (server/page-cache-front.ts)
      createServer: ((options: ServerOptions, listener: RequestListener) => createServer(options, withFront(app.front, listener))) as typeof createServer,
    },
    (info) => {
      shop.log.info(
        { port: info.port, database: shop.database.kind, mode: shop.env.NODE_ENV, publicUrl: shop.env.PUBLIC_URL },
        `shop listening on http://localhost:${info.port}`,
      );
    },
  );
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
