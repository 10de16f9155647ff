/**
 * Custom boxes in a cart: a box the visitor built becomes one cart line. The box itself
 * (model, varieties, message) is checked by core/custom-box; the cart owns its lines.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { checkBox, type CreateBoxInput } from '../custom-box/index.ts';
import { cartBoxes, carts } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../errors.ts';
import { getCart, type Cart } from './service.ts';

/** Most box lines one cart may hold. */
const MAX_BOXES_PER_CART = 10;

/**
 * Builds a box into a cart as one new line ({@link checkBox} first). Anonymous carts may hold
 * boxes; paying needs an account, as for any order.
 * @param userId set when the cart belongs to a registered user.
 * @returns the cart and the new line's id.
 * @throws {DomainError} from {@link checkBox}; `invalid` when the cart already holds
 *   {@link MAX_BOXES_PER_CART} boxes.
 */
export async function createBox(db: Db, cartKey: string, input: CreateBoxInput, userId: string | null = null): Promise<{ cart: Cart; lineId: string }> {
  const box = await checkBox(db, input);
  const lineId = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(carts)
      .values({ cartKey, userId })
      .onConflictDoUpdate({ target: carts.cartKey, set: { updatedAt: sql`now()` } });
    const [{ n }] = await tx.select({ n: count() }).from(cartBoxes).where(eq(cartBoxes.cartKey, cartKey));
    if (n >= MAX_BOXES_PER_CART)
      throw new DomainError('invalid', `A cart holds at most ${MAX_BOXES_PER_CART} boxes`, {
        key: 'boxTooMany',
        params: { max: MAX_BOXES_PER_CART },
        fields: { boxID: { key: 'boxTooMany', params: { max: MAX_BOXES_PER_CART } } },
      });
    await tx.insert(cartBoxes).values({ id: lineId, cartKey, modelId: box.model.id, items: box.items, messageKind: box.messageKind, message: box.message });
  });
  return { cart: await getCart(db, cartKey), lineId };
}
