/**
 * One upload of product photos by the product page's script (/admin/product/photo?id=, POST,
 * multipart `photo` + `alt`), which sends each photo in a request of its own to show its progress.
 * Answers JSON in the admin's language: `{ ok: true, added }`, or `{ ok: false, message }` with
 * 400 (a file refused) or 404 (no such product). Admin only (anonymous: /login; other roles: 403).
 * A request over the photo limit never gets here: server/body-limit.ts answers 413 `{ message }`.
 */
import type { Route } from './+types/product.photo';
import { DomainError } from '../../../core/errors.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { photoErrorText, uploadProductPhotos } from '../../lib/product-photos.server.ts';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const id = new URL(request.url).searchParams.get('id')?.slice(0, 64) ?? '';
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ ok: false, message: photoErrorText(context.lang, new DomainError('invalid', 'Choose an image file', { key: 'photoMissing' })) }, 400);
  }
  try {
    const added = await uploadProductPhotos(context.shop, id, form, admin.userId);
    return json({ ok: true, added });
  } catch (e) {
    if (e instanceof DomainError) return json({ ok: false, message: photoErrorText(context.lang, e) }, e.code === 'not_found' ? 404 : 400);
    throw e;
  }
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
