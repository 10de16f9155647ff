/** `token/refresh` (docs/product.md §7): rotates a refresh token; a spent one revokes its session family. */
import { z } from 'zod';
import { refreshSession } from '../core/accounts/index.ts';
import { ApiRouter } from './openapi.ts';
import { sessionJson } from './serializers.ts';

const RefreshBody = z.object({ refreshToken: z.string().min(1).max(200) });
const RefreshAnswer = z.object({ accesToken: z.string(), refreshToken: z.string(), role: z.string(), userId: z.string() });

export const tokenApi = new ApiRouter(['token']).operation({
  method: 'post',
  path: '/refresh',
  summary: 'New access token and new refresh token; the presented refresh token stops working (rotation). Presenting a spent one revokes the session',
  body: RefreshBody,
  auth: 'none',
  responses: { 200: { description: 'The new tokens', schema: RefreshAnswer }, 401: 'Unknown, expired, revoked or reused refresh token' },
  handler: async (c) => {
    const s = await refreshSession(c.get('shop'), c.req.valid('json').refreshToken);
    return c.json(sessionJson(s));
  },
});
