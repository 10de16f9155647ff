/**
 * The bulk photo upload's script requests (/admin/product/photos page), Admin only (anonymous:
 * /login; other roles: 403), JSON in the admin's language:
 * - `POST /admin/product/photo/match`, JSON `{ files: [{ name, size, type }] }` (file names and
 *   sizes only, at most MAX_BULK_PHOTO_FILES): `{ rows }`, what would happen to each file
 *   (`matchPhotoUpload`), in upload order; nothing is written.
 * - `POST /admin/product/photo/bysku`, multipart `photo` (one file): adds it to the product its
 *   name names and answers `{ ok: true, row }`, the file's result (its `status` says whether it
 *   was added; a refusal of the file is a result too, 200), or `{ ok: false, message }` (400) for
 *   a request without a file. Each photo in a request of its own keeps a request to one photo
 *   (server/body-limit.ts: MAX_PHOTO_BYTES under the `/admin/product/photo` prefix).
 */
import { z } from 'zod';
import type { ResourceArgs } from './types.ts';
import { addPhotosBySku, matchPhotoUpload, MAX_BULK_PHOTO_FILES, type BulkPhotoResult } from '../../core/catalogue/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';
import { formFile, readForm } from '../lib/page-action.server.ts';
import { translate, translateField } from '../../core/i18n/index.ts';

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/** A result as the page shows it: a refusal without a status of its own carries its text. */
export function bulkPhotoRow(lang: string, r: BulkPhotoResult) {
  const { problem, ...row } = r;
  return problem ? { ...row, message: translateField(lang, problem) } : row;
}

export async function matchAction({ request, context }: ResourceArgs) {
  await requireAdmin(context, request);
  const body = (await request.json().catch(() => null)) as { files?: unknown } | null;
  const list = Array.isArray(body?.files) ? body.files.slice(0, MAX_BULK_PHOTO_FILES) : [];
  const files = list.map((f: unknown) => {
    const o = (f ?? {}) as Record<string, unknown>;
    return { name: String(o.name ?? '').slice(0, 255), size: Math.max(0, Number(o.size) || 0), type: String(o.type ?? '').slice(0, 100) };
  });
  return json({ rows: await matchPhotoUpload(context.shop.db, files) });
}

/** The one photo of the upload script's request; none for an empty part or a refused read (text with a NUL character). */
function readPhoto(form: FormData): File | undefined {
  try {
    return readForm(z.object({ photo: formFile }), form).photo;
  } catch {
    return undefined;
  }
}

export async function fileAction({ request, context }: ResourceArgs) {
  const admin = await requireAdmin(context, request);
  const form = await request.formData().catch(() => null);
  const file = form ? readPhoto(form) : undefined;
  if (!file) return json({ ok: false, message: translate(context.lang, 'adminshop:errors.photoMissing') }, 400);
  const [result] = await addPhotosBySku(
    context.shop,
    [{ name: file.name, size: file.size, type: file.type, bytes: async () => new Uint8Array(await file.arrayBuffer()) }],
    admin.userId,
  );
  return json({ ok: true, row: bulkPhotoRow(context.lang, result) });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
