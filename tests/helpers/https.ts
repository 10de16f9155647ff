/**
 * An HTTPS client that trusts one extra root certificate (Caddy's internal CA in the cluster tests):
 * Node's `fetch` takes no CA option without undici's Agent, so this speaks `node:https` with a
 * keep-alive agent, as a browser keeps its connections to a site open.
 */
import https from 'node:https';

export type HttpsAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * A client for `base` (e.g. `https://localhost:8443`).
 * @param ca PEM root certificate(s) to trust besides Node's own.
 */
export function httpsClient(base: string, ca: Buffer) {
  const agent = new https.Agent({ keepAlive: true, ca, maxSockets: 64 });
  const request = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpsAnswer> =>
    new Promise((resolve, reject) => {
      const req = https.request(`${base}${path}`, { method: init.method ?? 'GET', headers: init.headers, agent, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error(`timeout: ${path}`)));
      req.end(init.body);
    });
  return { request, close: () => agent.destroy() };
}
