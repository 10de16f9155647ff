/**
 * JSON shapes of the API (docs/api.md): money as CHF numbers with at most 2 decimals,
 * product ids as `_id`.
 */
import type { ProductRow } from '../core/db/index.ts';
import type { Session } from '../core/accounts/index.ts';
import type { Cart } from '../core/cart/index.ts';
import type { ShippingFigures } from '../core/pricing/browser.ts';
import { rappenToChf, unitPrice } from '../core/pricing/browser.ts';
import { cartBoxJson } from './custombox-json.ts';
import { productComposition, productIdentity } from '../core/catalogue/browser.ts';

/** The product fields a cart entry carries (docs/product.md §3). */
function cartProductJson(p: Pick<ProductRow, 'id' | 'name' | 'images' | 'basePrice' | 'discountPercent' | 'packaging'>) {
  return {
    _id: p.id,
    name: p.name,
    images: p.images.map((i) => ({ path: i.path })),
    base_price: rappenToChf(p.basePrice),
    discount_percent: p.discountPercent,
    packaging: p.packaging,
  };
}

/** Cart entries: `[{ count, product_data }]`. */
export function cartProductsJson(cart: Cart) {
  return cart.lines.map((l) => ({
    count: l.count,
    product_data: l.box ? { ...cartProductJson(l.product), box: cartBoxJson(l.box) } : cartProductJson(l.product),
  }));
}

/**
 * The whole cart answer of `GET cart/carts`.
 * @param promoDiscount Rappen taken off by the applied promo code.
 * @param bonus Rappen of influencer bonus applied (none yet).
 * @param shipping delivery figures in Rappen (core/pricing/shipping.ts), answered in CHF.
 */
export function cartJson(cart: Cart, promoDiscount: number, bonus: number, shipping: ShippingFigures) {
  return {
    products: cartProductsJson(cart),
    promo: { promoDiscount: rappenToChf(promoDiscount), code: cart.promoCode },
    bonus: { bonus: rappenToChf(bonus) },
    subtotal: rappenToChf(cart.subtotal),
    order_price: rappenToChf(Math.max(0, cart.subtotal - promoDiscount - bonus)),
    shipping: { fee: rappenToChf(shipping.fee), freeFrom: rappenToChf(shipping.freeFrom), remaining: rappenToChf(shipping.remaining) },
  };
}

/** The tokens of a new or rotated session, as `user/login` and `token/refresh` answer them (never its family id). */
export function sessionJson(s: Session) {
  return { accesToken: s.accesToken, refreshToken: s.refreshToken, role: s.role, userId: s.userId };
}

/** A product for list and detail answers. `lang` picks the description (English fallback). */
export function productJson(p: ProductRow, lang = 'en') {
  return {
    _id: p.id,
    ...productIdentity(p),
    length_mm: p.lengthMm,
    length_in: p.lengthIn,
    ring_gauge: p.ringGauge,
    ...productComposition(p),
    units_per_package: p.unitsPerPackage,
    base_price: rappenToChf(p.basePrice),
    discount_percent: p.discountPercent,
    price: rappenToChf(unitPrice(p.basePrice, p.discountPercent)),
    stock: p.stock,
    in_stock: p.stock > 0,
    popular: p.popular,
    promotional: p.promotional,
    description: p.description[lang] ?? p.description.en ?? '',
    tasting_notes: p.tastingNotes,
    images: p.images.map((i) => ({ path: i.path })),
  };
}
