/** A product in a grid: image, brand, name, vitola and size, strength scale, price, stock state. */
import { Link } from 'react-router';
import { useFixedT } from '../i18n/useFixedT.ts';
import { productImageSrc } from '../lib/product-image.ts';
import { Price } from './Price.tsx';
import { StrengthScale } from './StrengthScale.tsx';

/** The product fields a card shows. Money in Rappen. */
export type CardProduct = {
  id: string;
  name: string;
  brand: string;
  vitola: string | null;
  lengthMm: number | null;
  ringGauge: number | null;
  strength: string | null;
  packaging: string;
  basePrice: number;
  discountPercent: number;
  stock: number;
  images: { path: string }[];
};

export function ProductCard({ product: p }: { product: CardProduct }) {
  const { t } = useFixedT('catalogue');
  const size = p.lengthMm && p.ringGauge ? `${p.lengthMm} mm × ${p.ringGauge}` : null;
  return (
    <article className="card">
      <div className="card-media">
        <img src={productImageSrc(p)} alt="" width={400} height={300} loading="lazy" />
        {p.stock === 0 ? (
          <span className="tag tag-out">{t('outOfStock')}</span>
        ) : p.discountPercent > 0 ? (
          <span className="tag"><bdi dir="ltr">−{p.discountPercent}%</bdi></span>
        ) : null}
      </div>
      <div className="card-body">
        <span className="card-brand">{p.brand}</span>
        <h3 className="card-title">
          <Link to={`/productdetail?id=${encodeURIComponent(p.id)}`}>{p.name}</Link>
        </h3>
        <span className="card-meta">{[p.vitola, size, p.packaging].filter(Boolean).join(' · ')}</span>
        <StrengthScale strength={p.strength} />
        <div className="card-foot">
          <Price basePrice={p.basePrice} discountPercent={p.discountPercent} />
        </div>
      </div>
    </article>
  );
}
