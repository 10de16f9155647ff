/**
 * A photo of a return (/client/returnphoto?r=<return id>&p=<photo id>), for the customer who sent
 * it and for admins only; anyone else gets 404. Private: never stored by shared caches.
 */
import { data, redirect } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { readReturnPhoto } from '../../core/returns/index.ts';
import { documentCaller } from '../lib/document-caller.server.ts';

export async function loader({ request, context, url }: ResourceArgs) {
  const auth = await documentCaller(request, context);
  if (!auth) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  const file = await readReturnPhoto(context.shop, auth, url.searchParams.get('r') ?? '', url.searchParams.get('p') ?? '');
  if (!file) throw data('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.byteLength),
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
