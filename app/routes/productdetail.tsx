/**
 * Product details (/productdetail?id=): description in the visitor's language, price (discounted
 * with the original struck through), strength, length in mm and inches, ring gauge, wrapper,
 * binder, filler, origin, packaging, tasting notes, stock state, quantity, add to cart, buy now.
 */
import { data, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/productdetail';
import { getProductCached, productInLanguage } from '../../core/catalogue/index.ts';
import { rappenToDecimalString, unitPrice } from '../../core/pricing/browser.ts';
import { AddToCartForm } from '../components/AddToCartForm.tsx';
import { BuyBar } from '../components/BuyBar.tsx';
import { ReleaseNotice } from '../components/ReleaseNotice.tsx';
import { getReleaseCached, releaseOpen, releaseSettings } from '../../core/releases/index.ts';
import { NextStep } from '../components/NextStep.tsx';
import { Price } from '../components/Price.tsx';
import { StrengthScale } from '../components/StrengthScale.tsx';
import { pageMeta } from '../lib/meta.ts';
import { productImageSrc } from '../lib/product-image.ts';
import { ProductPicture } from '../components/ProductPicture.tsx';
import { useNonce } from '../nonce.tsx';
import { catalogueValue, catalogueValues, packagingLabel, productComposition, productIdentity } from '../../core/catalogue/browser.ts';

/** Translation namespaces this route's components use in the browser (app/i18n/page-namespaces.ts). */
export const handle = { i18n: ['catalogue', 'cart'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')?.trim() ?? '';
  const found = id && id.length <= 64 ? await getProductCached(context.shop.db, id) : null;
  if (!found || !found.active) throw data({ notFound: true }, { status: 404 });
  // the owner's own name, wrapper … and tasting notes in the page's language, else the English ones
  const p = productInLanguage(found, context.lang);
  const description = p.description[context.lang] ?? p.description.en ?? '';
  const canonical = `${context.origin}/productdetail?id=${encodeURIComponent(p.id)}`;
  const image = `${context.origin}${productImageSrc(p)}`;
  const release = await getReleaseCached(context.shop.db, p.id);
  const waiting = Boolean(release && !releaseOpen(release));
  const page = {
    release: release && { settings: releaseSettings(release), waiting },
    product: {
      id: p.id,
      ...productIdentity(p),
      lengthMm: p.lengthMm,
      lengthIn: p.lengthIn,
      ringGauge: p.ringGauge,
      ...productComposition(p),
      basePrice: p.basePrice,
      discountPercent: p.discountPercent,
      stock: p.stock,
      tastingNotes: p.tastingNotes,
      images: p.images,
      description,
    },
    canonical,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: p.name,
      sku: p.sku,
      brand: { '@type': 'Brand', name: p.brand },
      description,
      image,
      offers: {
        '@type': 'Offer',
        url: canonical,
        priceCurrency: 'CHF',
        price: rappenToDecimalString(unitPrice(p.basePrice, p.discountPercent)),
        availability: p.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        areaServed: 'CH',
      },
    },
    image,
  };
  // a page made before the release opens must not outlive it in the page cache (server/page-cache.ts)
  return waiting ? data(page, { headers: { 'Cache-Control': 'private, no-store' } }) : page;
}

/** The loader's `Cache-Control` of a page before its release opens (else none). */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) =>
  data && 'product' in data
    ? pageMeta({ title: data.product.name, description: data.product.description.slice(0, 160), canonical: data.canonical, image: data.image, type: 'product' })
    : [{ title: 'Not found' }];

/**
 * Schema.org JSON-LD as the script's text (React 19 writes script text as is, escaping `</script`);
 * every `<` is also escaped as `\u003c`, so no catalogue text can end the element or open a comment.
 */
function JsonLd({ value }: { value: unknown }) {
  const nonce = useNonce();
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    <script type="application/ld+json" nonce={nonce}>
      {json}
    </script>
  );
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  const p = loaderData.product;
  const rows: [string, React.ReactNode][] = [];
  if (p.vitola) rows.push([t('spec.vitola'), catalogueValue(p.vitola, t)]);
  // a measure reads left to right on a right-to-left page too ("140 mm (5.5″)", not "(″5.5) mm 140")
  if (p.lengthMm)
    rows.push([
      t('spec.length'),
      <bdi key="l" dir="ltr">
        {`${p.lengthMm} mm${p.lengthIn ? ` (${p.lengthIn}″)` : ''}`}
      </bdi>,
    ]);
  if (p.ringGauge) rows.push([t('spec.ringGauge'), p.ringGauge]);
  if (p.strength) rows.push([t('spec.strength'), <StrengthScale key="s" strength={p.strength} />]);
  if (p.wrapper) rows.push([t('spec.wrapper'), catalogueValue(p.wrapper, t)]);
  if (p.binder) rows.push([t('spec.binder'), catalogueValue(p.binder, t)]);
  if (p.filler) rows.push([t('spec.filler'), catalogueValue(p.filler, t)]);
  if (p.origin) rows.push([t('spec.origin'), catalogueValue(p.origin, t)]);
  rows.push([t('spec.packaging'), packagingLabel(p.packaging, t)]);
  rows.push([t('spec.sku'), p.sku]);
  return (
    <div className="container product-page">
      <JsonLd value={loaderData.jsonLd} />
      <nav aria-label={t('breadcrumb')} className="card-meta" style={{ marginBottom: 16 }}>
        <Link to="/client/products">{t('list.title')}</Link> / {p.brand}
      </nav>
      <div className="detail">
        <div>
          <div className="detail-media">
            <ProductPicture product={p} sizes="(max-width: 860px) 100vw, 600px" width={800} height={600} alt={p.name} loading="eager" fetchPriority="high" />
          </div>
          {p.images.length > 1 && (
            <ul className="detail-thumbs">
              {p.images.slice(1).map((img, i) => (
                <li key={img.id ?? img.path}>
                  <ProductPicture product={p} index={i + 1} sizes="160px" width={160} height={120} alt={img.alt || p.name} loading="lazy" />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <span className="card-brand">
            {p.brand} · {p.line}
          </span>
          <h1>{p.name}</h1>
          <p style={{ fontSize: '1.4rem' }}>
            <Price basePrice={p.basePrice} discountPercent={p.discountPercent} />
            {p.discountPercent > 0 && (
              <span className="tag" style={{ position: 'static', marginInlineStart: 10 }}>
                <bdi dir="ltr">−{p.discountPercent}%</bdi>
              </span>
            )}
          </p>
          <p className={p.stock > 0 ? 'stock-in' : 'stock-out'} data-testid="stock-state">
            {p.stock > 0 ? t('inStock', { count: p.stock }) : t('outOfStock')}
          </p>
          <p>{p.description}</p>
          {loaderData.release && <ReleaseNotice release={loaderData.release.settings} waiting={loaderData.release.waiting} />}
          {/* keyed by product: moving to another product starts again at quantity 1 */}
          {!loaderData.release?.waiting && <AddToCartForm key={p.id} productId={p.id} stock={p.stock} />}
          <dl className="specs">
            {rows.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {p.tastingNotes.length > 0 && (
            <>
              <h2 className="h3" style={{ fontSize: '1.3rem' }}>
                {t('tastingNotes')}
              </h2>
              <ul className="notes">
                {catalogueValues(p.tastingNotes, t).map((n, i) => (
                  <li key={p.tastingNotes[i]}>{n}</li>
                ))}
              </ul>
            </>
          )}
          <p className="card-meta">{t('taxesIncluded')}</p>
        </div>
      </div>
      {/* last in the page: sticky at the screen's bottom on phones, at rest after the content */}
      {!loaderData.release?.waiting && (
        <BuyBar key={p.id} productId={p.id} stock={p.stock} price={<Price basePrice={p.basePrice} discountPercent={p.discountPercent} />} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation('catalogue');
  return (
    <div className="container notfound">
      <h1>{t('productNotFound')}</h1>
      <NextStep to="/client/products">{t('list.title')}</NextStep>
    </div>
  );
}
