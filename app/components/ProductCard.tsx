/**
 * A product in a grid: image, brand, name, vitola and size, strength scale, price, stock state,
 * and "add to cart" / "buy now" (docs/product.md §1: see details, add to cart, buy now),
 * which work without scripts like the product page's (a form posting to /shopcart).
 */
import { Link } from 'react-router';
import { useFixedT } from '../i18n/useFixedT.ts';
import { ProductPicture } from './ProductPicture.tsx';
import type { CardProduct } from '../lib/view-types.ts';
import { Price } from './Price.tsx';
import { StrengthScale } from './StrengthScale.tsx';
import { catalogueValue, packagingLabel } from '../../core/catalogue/browser.ts';
import { AddToCartForm } from './AddToCartForm.tsx';

/** The product fields a card shows. Money in Rappen. */
export type { CardProduct };

/**
 * @param headingLevel 3 under a section's h2 (home), 2 right under the page's h1 (product list)
 * @param priority the card is likely in the first screen: its image loads at once, with high
 *   priority (it is often the page's largest paint), instead of lazily
 */
export function ProductCard({ product: p, headingLevel = 3, priority = false }: { product: CardProduct; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useFixedT('catalogue');
  const size = p.lengthMm && p.ringGauge ? `${p.lengthMm} mm × ${p.ringGauge}` : null;
  return (
    <article className="card" id={`p-${p.id}`}>
      <div className="card-media">
        <ProductPicture
          product={p}
          sizes="(max-width: 600px) 100vw, (max-width: 1100px) 50vw, 320px"
          width={400}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
        />
        {p.stock === 0 ? (
          <span className="tag tag-out">{t('outOfStock')}</span>
        ) : p.discountPercent > 0 ? (
          <span className="tag">
            <bdi dir="ltr">−{p.discountPercent}%</bdi>
          </span>
        ) : null}
      </div>
      <div className="card-body">
        <span className="card-brand">{p.brand}</span>
        <Heading className="card-title">
          <Link to={`/productdetail?id=${encodeURIComponent(p.id)}`}>{p.name}</Link>
        </Heading>
        <span className="card-meta">{[catalogueValue(p.vitola, t), size, packagingLabel(p.packaging, t)].filter(Boolean).join(' · ')}</span>
        <StrengthScale strength={p.strength} />
        <div className="card-foot">
          <Price basePrice={p.basePrice} discountPercent={p.discountPercent} />
        </div>
        <AddToCartForm productId={p.id} stock={p.stock} cardName={p.name} />
      </div>
    </article>
  );
}
