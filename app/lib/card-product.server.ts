/** Picks the fields a product card needs (keeps loader payloads small). */
import type { ProductRow } from '../../core/db/index.ts';
import type { CardProduct } from './view-types.ts';

export function toCardProduct(p: ProductRow): CardProduct {
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    vitola: p.vitola,
    lengthMm: p.lengthMm,
    ringGauge: p.ringGauge,
    strength: p.strength,
    packaging: p.packaging,
    basePrice: p.basePrice,
    discountPercent: p.discountPercent,
    stock: p.stock,
    images: p.images,
  };
}
