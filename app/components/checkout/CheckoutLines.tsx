/** The cart's lines beside the payment step's summary: count, name and packaging (a custom box with its contents) and the line total. */
import { useTranslation } from 'react-i18next';
import { packagingLabel } from '../../../core/catalogue/browser.ts';
import { BoxContents, useBoxLineName, type BoxContentsData } from '../custombox/BoxContents.tsx';
import { useFormat } from '../../lib/format.ts';

/** A cart line as the payment step shows it; \`lineTotal\` in Rappen. */
export type CheckoutLine = { id: string; name: string; packaging: string; count: number; lineTotal: number; box: BoxContentsData | null };

export function CheckoutLines({ lines }: { lines: CheckoutLine[] }) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  const boxName = useBoxLineName();
  return (
    <ul className="checkout-lines" aria-label={t('summary.items', { count: lines.reduce((n, l) => n + l.count, 0) })}>
      {lines.map((l) => (
        <li key={l.id}>
          <span>
            {l.box ? (
              boxName(l.box)
            ) : (
              <>
                {l.count} × {l.name} <span className="card-meta">{packagingLabel(l.packaging, t)}</span>
              </>
            )}
            {l.box && <BoxContents box={l.box} />}
          </span>
          <span>{price(l.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
