/** `token/refresh` (specification section 7): rotates a refresh token; a spent one revokes its session family. */
import { Hono } from 'hono';
import { z } from 'zod';
import { refreshSession } from '../core/accounts/index.ts';
import { documented } from './openapi.ts';
import type { ApiEnv } from './types.ts';
import { jsonBody } from './validation.ts';

export const RefreshBody = z.object({ refreshToken: z.string().min(1).max(200) });
const RefreshAnswer = z.object({ accesToken: z.string(), refreshToken: z.string(), role: z.string(), userId: z.string() });

export const tokenApi = new Hono<ApiEnv>().post('/refresh', async (c) => {
  const { refreshToken } = await jsonBody(c, RefreshBody);
  const s = await refreshSession(c.get('shop'), refreshToken);
  return c.json({ accesToken: s.accesToken, refreshToken: s.refreshToken, role: s.role, userId: s.userId });
});

documented({
  method: 'post',
  path: '/token/refresh',
  summary: 'New access token and new refresh token; the presented refresh token stops working (rotation). Presenting a spent one revokes the session',
  tags: ['token'],
  body: RefreshBody,
  auth: 'none',
  responses: { 200: { description: 'The new tokens', schema: RefreshAnswer }, 401: { description: 'Unknown, expired, revoked or reused refresh token' } },
});
