/** Home (route name `index`): popular, promotional and for-sale products. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { homeSections } from '../../core/catalogue/index.ts';
import { ProductCard, type CardProduct } from '../components/ProductCard.tsx';
import { NextStep } from '../components/NextStep.tsx';
import { toCardProduct } from '../lib/card-product.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { translate } from '../../core/i18n/index.ts';

/** Translation namespaces this route's components use in the browser (app/i18n/page-namespaces.ts). */
export const handle = { i18n: ['catalogue'] };

export async function loader({ context }: Route.LoaderArgs) {
  const s = await homeSections(context.shop.db, 8);
  return {
    popular: s.popular.map((p) => toCardProduct(p, context.lang)),
    promotional: s.promotional.map((p) => toCardProduct(p, context.lang)),
    forSale: s.forSale.map((p) => toCardProduct(p, context.lang)),
    title: translate(context.lang, 'catalogue:home.metaTitle'),
    description: translate(context.lang, 'catalogue:home.metaDescription'),
    canonical: `${context.origin}/`,
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ title: data.title, description: data.description, canonical: data.canonical }) : []);

function Section({ title, products, testId }: { title: string; products: CardProduct[]; testId: string }) {
  const { t } = useTranslation('catalogue');
  if (products.length === 0) return null;
  return (
    <section className="section" aria-labelledby={`${testId}-h`} data-testid={testId}>
      <div className="section-head">
        <h2 id={`${testId}-h`}>{title}</h2>
        <Link to="/client/products">{t('home.seeAll')}</Link>
      </div>
      <div className="grid">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  return (
    <div className="container">
      <section className="hero">
        <span className="eyebrow">{t('home.eyebrow')}</span>
        <h1>{t('home.title')}</h1>
        <p>{t('home.lead')}</p>
        <NextStep to="/client/products">{t('home.cta')}</NextStep>
      </section>
      <Section title={t('home.popular')} products={loaderData.popular} testId="popular" />
      <Section title={t('home.promotional')} products={loaderData.promotional} testId="promotional" />
      <Section title={t('home.forSale')} products={loaderData.forSale} testId="for-sale" />
    </div>
  );
}
