/**
 * The influencer call (docs/api.md, "Custom boxes and influencers", ADR 009):
 * `GET /api/user/influencer?userID=` answers the influencer profile as JSON, money in CHF.
 * The caller's own id with the role Influencer or Admin (an admin may read anyone's); 403 for a
 * Customer. Mounted under `/user` next to the user calls.
 */
import { z } from 'zod';
import { influencerProfile, type InfluencerProfile } from '../core/accounts/index.ts';
import { DomainError } from '../core/errors.ts';
import { rappenToChf } from '../core/pricing/browser.ts';
import { requireSelfOrAdmin } from './auth.ts';
import { ApiRouter } from './openapi.ts';

const InfluencerQuery = z.object({ userID: z.string().trim().min(1).max(64) });

const InfluencerAnswer = z.object({
  codes: z.array(z.object({ code: z.string(), percent: z.number().nullable().describe('null for a fixed-amount code'), uses: z.number() })),
  orders: z.array(z.object({ code: z.string().describe('the promo code the order used'), created_at: z.string(), total: z.number() })),
  bonus: z.object({ earned: z.number(), spent: z.number(), available: z.number(), pending: z.number() }),
});

/** The contract's JSON of a profile. */
function influencerJson(p: InfluencerProfile): z.infer<typeof InfluencerAnswer> {
  return {
    codes: p.promoCodes.map((c) => ({ code: c.code, percent: c.percent, uses: c.usedCount })),
    orders: p.orders.map((o) => ({ code: o.promoCode, created_at: o.createdAt.toISOString(), total: rappenToChf(o.total) })),
    bonus: {
      earned: rappenToChf(p.bonus.earned),
      spent: rappenToChf(p.bonus.spent),
      available: rappenToChf(p.bonus.available),
      pending: rappenToChf(p.bonus.pending),
    },
  };
}

export const influencerApi = new ApiRouter(['user']).operation({
  method: 'get',
  path: '/influencer',
  summary: 'The influencer profile: promo codes, attributed orders (no customer data) and bonus balances, CHF',
  query: InfluencerQuery,
  auth: 'user',
  responses: {
    200: { description: 'The profile. `orders` are those placed with the codes, newest first; `bonus.available` = earned − spent', schema: InfluencerAnswer },
    401: 'No token',
    403: "A Customer, or someone else's profile",
    404: 'Unknown user (admin)',
    417: 'Access token expired',
  },
  handler: async (c) => {
    const { userID } = c.req.valid('query');
    const auth = await requireSelfOrAdmin(c, userID);
    if (auth.role === 'Customer') throw new DomainError('forbidden', 'Not allowed', { key: 'forbidden' });
    const profile = await influencerProfile(c.get('shop').db, userID);
    return c.json(influencerJson(profile));
  },
});
