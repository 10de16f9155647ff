/**
 * The periodic expiry sweep started by server.ts: every minute, unpaid orders whose time is up
 * expire and give their stock back ({@link expireDueOrders}). The same runs lazily before orders
 * are created or shown, so a missed tick changes nothing. The timer is unref'd: it never keeps
 * the process alive.
 */
import type { Shop } from '../shop.ts';
import { expireDueOrders } from './service.ts';
import { expireLinkBodies } from '../mail/expire.ts';

/** Sweep interval, milliseconds. */
export const SWEEP_INTERVAL_MS = 60_000;

export function startExpirySweep(shop: Shop, intervalMs = SWEEP_INTERVAL_MS): NodeJS.Timeout {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireDueOrders(shop)
      .then((n) => {
        if (n > 0) shop.log.info({ expired: n }, 'unpaid orders expired');
      })
      // issue 12: sign-in links do not stay readable in the outbox
      .then(() => expireLinkBodies(shop.db))
      .catch((err: unknown) => shop.log.error({ err }, 'expiry sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return timer;
}
