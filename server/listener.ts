/**
 * The outermost Node request listener of the shop (server/start.ts): in front of the page cache's
 * front door and the Hono app, so every answer is counted in the metrics, cache hits included.
 */
import type { RequestListener } from 'node:http';
import { recordRequest } from './metrics.ts';
import type { Lifecycle } from './ops.ts';
import type { RouteLabeler } from './route-label.ts';

/**
 * Wraps `inner`: counts requests in flight (for the graceful stop) and records each answer's
 * metrics under its route's label; while draining, every answer closes its connection, so
 * keep-alive connections end with the request they carry.
 * @param label the app's route labeler (`HttpApp.routeLabel`): the path itself is never a label.
 */
export function instrumented(lifecycle: Lifecycle, inflight: { n: number; idle?: () => void }, label: RouteLabeler, inner: RequestListener): RequestListener {
  return (req, res) => {
    const started = process.hrtime.bigint();
    inflight.n++;
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inflight.n--;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      recordRequest(req.method ?? 'GET', label(path, res.statusCode), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
      if (inflight.n === 0) inflight.idle?.();
    });
    inner(req, res);
  };
}
