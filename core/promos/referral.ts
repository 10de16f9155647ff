/**
 * Referral codes as promo codes (ADR 009): every Influencer or Admin has a referral code
 * (core/accounts), and each referral code is also a promo row linked to its owner, so a customer
 * types it at checkout like any promo code and the order is attributed to the influencer. The row
 * starts at {@link REFERRAL_PROMO_PERCENT} % off; admins edit it in /admin/promo like any code.
 * Existing referral codes got their row in migration 0004.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { promos } from '../db/index.ts';

/** Percent off a referral code gives when its promo row is created. */
const REFERRAL_PROMO_PERCENT = 5;

/**
 * Creates the promo row of a referral code, linked to its owner; nothing when the code exists
 * already (a code is never taken from another owner). Call in the transaction that sets the code.
 */
export async function ensureReferralPromo(tx: Db, userId: string, referralCode: string): Promise<void> {
  await tx
    .insert(promos)
    .values({ id: randomUUID(), code: referralCode, kind: 'percent', value: REFERRAL_PROMO_PERCENT, influencerUserId: userId })
    .onConflictDoNothing();
}
