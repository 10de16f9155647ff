/** Picks the fields a product card needs (keeps loader payloads small). */
import type { ProductRow } from '../../core/db/index.ts';
import { productInLanguage } from '../../core/catalogue/index.ts';
import type { CardProduct } from './view-types.ts';

/**
 * @param lang the page's language: the product's own name in it (core/catalogue product-texts.ts), else the English one.
 */
export function toCardProduct(row: ProductRow, lang = 'en'): CardProduct {
  const p = productInLanguage(row, lang);
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
