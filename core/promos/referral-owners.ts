/** Whose referral code a promo is (an Influencer's or Admin's own code, core/promos/referral.ts). */
import { inArray } from 'drizzle-orm';
import { users, type Db } from '../db/index.ts';

/** The owner of a referral code as the admin's promo list names them. */
export type ReferralOwner = { userId: string; name: string; email: string };

/**
 * The owners of the referral codes among `promos` (those with an `influencerUserId`), in one query.
 * @returns owner by user id; a promo without an owner has no entry.
 */
export async function referralOwners(db: Db, promos: readonly { influencerUserId: string | null }[]): Promise<Map<string, ReferralOwner>> {
  const ids = [...new Set(promos.flatMap((p) => (p.influencerUserId ? [p.influencerUserId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { userId: r.id, name: `${r.firstName} ${r.lastName}`.trim() || r.email, email: r.email }]));
}
