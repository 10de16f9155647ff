/**
 * Admin: packing list of an order (/admin/order/packing?id=): order code, delivery address, the
 * gift-card and engraving texts the packer writes (first, in large type), what goes into the parcel
 * (a custom box with its cigars and their SKUs) and the order's amounts, printable on one A4 page.
 */
import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/order.packing';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { getSettings } from '../../../core/config/index.ts';
import { packingList } from '../../../core/orders/index.ts';
import { OrderSummary } from '../../components/OrderSummary.tsx';
import { requireAdmin } from '../../lib/auth.server.ts';
import { loaderGuard } from '../../lib/loader-guard.server.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { packagingLabel } from '../../../core/catalogue/browser.ts';
import { OrderLinesTable } from '../../components/order/OrderLinesTable.tsx';
import { PostalAddress } from '../../components/order/PostalAddress.tsx';
import '../../styles/packing.css';
import { BackLink } from '../../components/BackLink.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  if (!id) throw redirect('/admin/order/list');
  return loaderGuard(
    context,
    async () => {
      const { order, lines } = await packingList(context.shop.db, id, context.lang);
      const settings = await getSettings(context.shop.db);
      return {
        id: order.id,
        code: order.code,
        createdAt: order.createdAt.toISOString(),
        address: order.address,
        // the country named in the page's language, as the post needs it on the parcel
        country: new Intl.DisplayNames([context.lang], { type: 'region' }).of(order.address.country) ?? order.address.country,
        lines,
        units: lines.reduce((s, l) => s + l.count, 0),
        messages: lines.flatMap((l) => (l.message ? [{ ...l.message, box: l.name }] : [])),
        summary: {
          subtotal: order.subtotal,
          discount: order.discount,
          bonus: order.bonus,
          shippingFee: order.shippingFee,
          total: order.total,
          vat: order.vat,
          promoCode: order.promoCode,
        },
        vatRate: settings.vatRateBasisPoints / 100,
      };
    },
    { hide: 'all' },
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminMeta(matches, 'adminshop:fulfil.packingTitle', { code: data?.code ?? '' });

export default function PackingList({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const { date } = useFormat();
  return (
    <div className="packing">
      <BackLink to={`/admin/order/details?id=${d.id}`} className="no-print">
        {d.code}
      </BackLink>
      <h1>{t('fulfil.packingTitle', { code: d.code })}</h1>
      <p className="card-meta">{t('fulfil.orderedOn', { date: date(d.createdAt) })}</p>
      <PostalAddress className="packing-address" address={d.address} country={d.country} />
      {d.messages.map((m, i) => (
        <section key={i} className="packing-gift" data-testid="packing-gift">
          <h2>{t(m.kind === 'engraving' ? 'fulfil.engravingToDo' : 'fulfil.cardToWrite')}</h2>
          <p className="packing-gift-text">{m.text}</p>
          <p className="card-meta">{m.box}</p>
        </section>
      ))}
      <OrderLinesTable
        lines={d.lines}
        testId="packing-lines"
        tickColumn={t('fulfil.packed')}
        prices={false}
        headings={{ item: t('fulfil.item'), count: t('fulfil.qty') }}
        item={(l) => (
          <>
            {l.name} <span className="card-meta">{l.contents.length > 0 ? t('custombox:packaging') : packagingLabel(l.packaging, t)}</span>
            {/* the SKU under the name, not in a column of its own: the table fits a phone */}
            <div className="card-meta">
              {t('fulfil.sku')} <span className="sku">{l.sku}</span>
            </div>
            {l.contents.length > 0 && (
              <ul className="packing-contents">
                {l.contents.map((c, i) => (
                  <li key={i}>
                    {c.count}× {c.name} <span className="card-meta sku">{c.sku}</span>
                  </li>
                ))}
              </ul>
            )}
            {l.message && (
              <p className="packing-line-message">
                {t(l.message.kind === 'engraving' ? 'custombox:engravingText' : 'custombox:cardText', { text: l.message.text })}
              </p>
            )}
          </>
        )}
      />
      <p>
        <strong>{t('fulfil.units', { n: d.units })}</strong>
      </p>
      <OrderSummary s={d.summary} vatRate={d.vatRate} title={t('fulfil.amounts')} />
    </div>
  );
}
