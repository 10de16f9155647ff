/**
 * One upload of product photos by the product page's script (/admin/product/photo?id=, POST,
 * multipart `photo` + `alt`), which sends each photo in a request of its own to show its progress.
 * Answers JSON in the admin's language: `{ ok: true, added }`, or `{ ok: false, message }` with
 * the status of the refusal (400 a file refused, 404 no such product, 429 too many). Admin only (anonymous: /login; other roles: 403).
 * A request over the photo limit never gets here: server/body-limit.ts answers 413 `{ message }`.
 */
import type { ResourceArgs } from './types.ts';
import { DomainError } from '../../core/errors.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { pageAction } from '../lib/page-action.server.ts';
import { photoErrorText, uploadProductPhotos } from '../lib/product-photos.server.ts';
import { MAX_ID_LENGTH } from '../../core/validation.ts';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

export async function action({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id')?.slice(0, MAX_ID_LENGTH) ?? '';
  const answer = await pageAction(
    context,
    async () => {
      // a body that is no multipart form carries no photo
      const form = await request.formData().catch(() => {
        throw new DomainError('invalid', 'Choose an image file', { key: 'photoMissing' });
      });
      return { ok: true as const, added: await uploadProductPhotos(context.shop, id, form, admin.userId) };
    },
    { message: (e) => photoErrorText(context.lang, e) },
  );
  // the upload script reads JSON, not a page's answer
  if ('ok' in answer) return json(answer);
  return json({ ok: false, message: answer.data.error }, answer.init?.status ?? 400);
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
