/**
 * The customer's return form (/client/historydetails) carries up to 3 photos of 15 MB each, and
 * its body is held in memory while it is parsed. So the page checks what it can before it reads
 * the body: the order is the customer's own, and a body that may carry photos (multipart) is a
 * return request that must be allowed now (the return rules) and within the customer's rate
 * limit (bucket `returns` of core/rate-limit). A refused body is read to its end and thrown
 * away, never parsed: a browser still sending when the server answers would show "connection
 * reset" instead of the message. Any other body is read only up to {@link SMALL_FORM_BYTES}.
 */
import { DomainError } from '../../core/errors.ts';
import { assertReturnable } from '../../core/returns/index.ts';
import { consumeRateLimit } from '../../core/rate-limit/index.ts';
import type { OrderWithLines } from '../../core/orders/index.ts';
import type { Shop } from '../../core/shop.ts';

/** Largest body of the page's forms without photos (cancel, IBAN, a return without photos), bytes. */
const SMALL_FORM_BYTES = 64 * 1024;

/** Whether a request's body may carry photos: it is multipart (only the return form is). */
export function mayCarryPhotos(request: Request): boolean {
  return /multipart\//i.test(request.headers.get('content-type') ?? '');
}

/**
 * Reads a form without photos (URL-encoded) of at most {@link SMALL_FORM_BYTES}: the page's
 * other forms never need more, whatever the route's upload limit allows.
 * @throws {DomainError} `invalid` (key `tooLong`) for a larger body (the rest is discarded).
 */
export async function readSmallForm(request: Request): Promise<FormData> {
  const form = new FormData();
  if (!request.body) return form;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > SMALL_FORM_BYTES) {
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) break;
      throw new DomainError('invalid', 'This form is too large', { key: 'tooLong' });
    }
    chunks.push(value);
  }
  for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) form.append(k, v);
  return form;
}

/** Reads a request's body to its end and throws it away, chunk by chunk (nothing is kept). */
async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // the client went away: nothing left to read
  }
}

/**
 * Runs `check` before the body is read; when it throws, the body is discarded
 * ({@link discardBody}) and the error thrown on.
 */
export async function beforeBody<T>(request: Request, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (e) {
    await discardBody(request);
    throw e;
  }
}

/**
 * Counts a return request against the customer's rate limit (per account and per IP, bucket
 * `returns`).
 * @throws {DomainError} `rate_limited` (429) when the customer or the address has sent too many.
 */
export function countReturnRequest(shop: Shop, ip: string | undefined, userId: string): Promise<void> {
  return consumeRateLimit(shop, 'returns', ip ?? 'unknown', userId);
}

/**
 * The checks of a return request's body before it is read: the rate limit, then the return
 * rules for `order` (core/returns `assertReturnable`). On a refusal the body is discarded.
 * @throws {DomainError} `rate_limited`; `invalid` (not shipped, window closed, an open return,
 *   nothing left to return).
 */
export function checkReturnBeforeBody(request: Request, shop: Shop, order: OrderWithLines, ip: string | undefined, userId: string): Promise<void> {
  return beforeBody(request, async () => {
    await countReturnRequest(shop, ip, userId);
    await assertReturnable(shop.db, order);
  });
}
