/**
 * What a custom box holds, under its line in the side cart, the cart, the payment summary, order
 * details and the admin's packing list: each cigar with its count, and the gift card or engraving.
 */
import { useFixedT } from '../../i18n/useFixedT.ts';

export type BoxContentsData = { items: { name: string; count: number; sku?: string }[]; messageKind: 'card' | 'engraving'; message: string };

export function BoxContents({ box, showSku = false }: { box: BoxContentsData; showSku?: boolean }) {
  const { t } = useFixedT('custombox');
  return (
    <div data-testid="box-contents">
      <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, fontSize: '0.85rem', color: 'var(--muted)' }}>
        {box.items.map((i) => (
          <li key={`${i.sku ?? ''}${i.name}`}>
            {i.count} × {i.name}
            {showSku && i.sku ? <span> ({i.sku})</span> : null}
          </li>
        ))}
      </ul>
      {box.message && (
        <p style={{ margin: '4px 0 0', fontSize: '0.85rem', fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {t(box.messageKind === 'engraving' ? 'engravingText' : 'cardText', { text: box.message })}
        </p>
      )}
    </div>
  );
}

/** The display name of a box line in the visitor's language (the model's own name stays on invoices). */
export function useBoxLineName(): (box: { items: { count: number }[] }) => string {
  const { t } = useFixedT('custombox');
  return (box) => t('lineName', { count: box.items.reduce((n, i) => n + i.count, 0) });
}
