/**
 * Uploaded product photos (/media/products/<photo id>/<width>.<avif|webp|jpg>). A photo's files
 * never change, so they are cached for a year as immutable. Unknown names are 404.
 */
import { data } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { readPhotoFile } from '../../core/catalogue/index.ts';

export async function loader({ params, context }: ResourceArgs) {
  const file = await readPhotoFile(context.shop.env, params.photo ?? '', params.file ?? '');
  if (!file) throw data('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Length': String(file.body.byteLength),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
