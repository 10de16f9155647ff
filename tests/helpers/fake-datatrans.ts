/**
 * A local fake of Datatrans' JSON API v1 for tests (https://docs.datatrans.ch/reference):
 * `POST /v1/transactions` (HTTP Basic merchantId:password) answers 201 `{ transactionId }`, and
 * the fake "acquirer" then reports the outcome with a webhook signed like Datatrans:
 * `Datatrans-Signature: t=<ms>,s0=<hex HMAC-SHA256(t + body) with the hex-decoded sign key>`.
 * Refunds: `POST /v1/transactions/{transactionId}/credit` (HTTP Basic) with `{ amount, currency, refno }`
 * answers 200 `{ transactionId, acquirerAuthorizationCode, date }` for a settled transaction (a
 * webhook was produced for it with `settled`), as long as the credits do not exceed its amount;
 * otherwise 400 `{ error: { code, message } }`. `refuseCredits = true` makes every credit fail.
 * A credit repeating the `refno` of an earlier credit of the same transaction is not paid out
 * again: the fake answers with the earlier credit (the shop sends its refund's idempotency key as
 * `refno`; whether the real Datatrans deduplicates a repeated refno must be confirmed with
 * Datatrans, so the shop also stores a credit id as soon as it has one and never asks again).
 * `creditMode = 'hang'` accepts a credit (the money leaves) but never answers, like a lost
 * response; `creditMode = 'drop'` closes the connection without accepting anything.
 */
import { createHmac, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type InitRequest = {
  currency: string;
  refno: string;
  amount: number;
  autoSettle?: boolean;
  redirect: { successUrl: string; cancelUrl: string; errorUrl: string };
  webhook?: { url: string };
};

export type FakeDatatrans = {
  url: string;
  merchantId: string;
  password: string;
  signKey: string;
  /** The shop's DATATRANS_* variables for this fake (payment pages on Datatrans' sandbox), for `createTestShop({ env })`. */
  env: Record<string, string>;
  /** Transactions initialised, by id. */
  transactions: Map<string, InitRequest>;
  /** Credits (refunds) accepted, in order: the original transaction id, amount and the credit's id. */
  credits: { transactionId: string; amount: number; refno: string; creditId: string }[];
  /** Set to make every credit call fail (as when Datatrans is down or refuses). */
  refuseCredits: boolean;
  /** Credit requests received per refno (retries included). */
  creditCalls: Map<string, number>;
  /** `hang`: accept the credit, never answer; `drop`: close the connection, accept nothing. */
  creditMode: 'normal' | 'hang' | 'drop';
  /** The webhook Datatrans would send for a transaction: raw body and signature header. */
  webhookFor: (transactionId: string, status: 'settled' | 'authorized' | 'failed' | 'canceled', amount?: number) => { raw: string; signature: string };
  close: () => Promise<void>;
};

export async function startFakeDatatrans(): Promise<FakeDatatrans> {
  const merchantId = '1100012345';
  const password = 'fake-password';
  const signKey = createHmac('sha256', 'fake').update('sign').digest('hex');
  const transactions = new Map<string, InitRequest>();
  const settled = new Set<string>();
  const credits: FakeDatatrans['credits'] = [];
  const state = { refuseCredits: false, creditMode: 'normal' as FakeDatatrans['creditMode'] };
  const creditCalls = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const expected = `Basic ${Buffer.from(`${merchantId}:${password}`).toString('base64')}`;
      if (req.method === 'POST' && req.url === '/v1/transactions') {
        if (req.headers.authorization !== expected) {
          res
            .writeHead(401, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Incorrect authorization' } }));
          return;
        }
        const init = JSON.parse(body) as InitRequest;
        if (!init.refno || !Number.isInteger(init.amount) || init.currency !== 'CHF' || !init.redirect?.successUrl) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'INVALID_PROPERTY', message: 'bad request' } }));
          return;
        }
        const transactionId = String(230000000000000000n + BigInt(randomInt(1e9)));
        transactions.set(transactionId, init);
        res.writeHead(201, { 'content-type': 'application/json', location: `/v1/start/${transactionId}` }).end(JSON.stringify({ transactionId }));
        return;
      }
      const credit = req.method === 'POST' ? /^\/v1\/transactions\/(\d+)\/credit$/.exec(req.url ?? '') : null;
      if (credit) {
        const fail = (status: number, code: string, message: string) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code, message } }));
        if (req.headers.authorization !== expected) return fail(401, 'UNAUTHORIZED', 'Incorrect authorization');
        const id = credit[1];
        const init = transactions.get(id);
        if (!init || !settled.has(id)) return fail(404, 'TRANSACTION_NOT_FOUND', 'transaction not found or not settled');
        const b = JSON.parse(body || '{}') as { amount?: number; currency?: string; refno?: string };
        if (b.refno) creditCalls.set(b.refno, (creditCalls.get(b.refno) ?? 0) + 1);
        if (state.creditMode === 'drop') return void req.socket.destroy();
        const done = credits.filter((c) => c.transactionId === id).reduce((s, c) => s + c.amount, 0);
        if (state.refuseCredits) return fail(400, 'CREDIT_REFUSED', 'credit refused by the acquirer');
        if (!Number.isInteger(b.amount) || (b.amount ?? 0) <= 0 || b.currency !== init.currency || !b.refno)
          return fail(400, 'INVALID_PROPERTY', 'bad request');
        const earlier = credits.find((c) => c.transactionId === id && c.refno === b.refno);
        if (earlier && earlier.amount !== b.amount) return fail(400, 'DUPLICATE_REFNO', 'refno already used for another amount');
        if (!earlier && done + b.amount! > init.amount) return fail(400, 'INVALID_PROPERTY', 'amount exceeds the settled amount');
        const creditId = earlier?.creditId ?? String(240000000000000000n + BigInt(randomInt(1e9)));
        if (!earlier) credits.push({ transactionId: id, amount: b.amount!, refno: b.refno, creditId });
        if (state.creditMode === 'hang') {
          hanging.add(res);
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ transactionId: creditId, acquirerAuthorizationCode: '100000', date: new Date().toISOString() }));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    merchantId,
    password,
    signKey,
    env: {
      DATATRANS_MERCHANT_ID: merchantId,
      DATATRANS_PASSWORD: password,
      DATATRANS_SIGN_KEY: signKey,
      DATATRANS_API_URL: url,
      DATATRANS_PAY_URL: 'https://pay.sandbox.datatrans.com',
    },
    transactions,
    credits,
    creditCalls,
    get creditMode() {
      return state.creditMode;
    },
    set creditMode(v: FakeDatatrans['creditMode']) {
      state.creditMode = v;
    },
    get refuseCredits() {
      return state.refuseCredits;
    },
    set refuseCredits(v: boolean) {
      state.refuseCredits = v;
    },
    webhookFor(transactionId, status, amount) {
      const init = transactions.get(transactionId);
      if (!init) throw new Error(`unknown transaction ${transactionId}`);
      if (status === 'settled') settled.add(transactionId);
      const amt = amount ?? init.amount;
      const detail =
        status === 'settled'
          ? { authorize: { amount: amt }, settle: { amount: amt } }
          : status === 'authorized'
            ? { authorize: { amount: amt } }
            : { fail: { reason: 'DECLINED', message: 'declined' } };
      const raw = JSON.stringify({
        transactionId,
        merchantId,
        type: 'payment',
        status,
        currency: init.currency,
        refno: init.refno,
        paymentMethod: 'VIS',
        detail,
      });
      const t = Date.now();
      const s0 = createHmac('sha256', Buffer.from(signKey, 'hex')).update(`${t}${raw}`).digest('hex');
      return { raw, signature: `t=${t},s0=${s0}` };
    },
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
