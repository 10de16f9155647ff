/** The lines of an order on the admin's order page: SKU column, box contents with SKUs, units returned. */
import { useTranslation } from 'react-i18next';
import { packagingLabel } from '../../../../core/catalogue/browser.ts';
import { BoxContents } from '../../custombox/BoxContents.tsx';
import { OrderLinesTable } from '../../order/OrderLinesTable.tsx';
import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';

export function AdminOrderLines({ lines, returned }: { lines: AdminOrderPage['order']['lines']; returned: Record<string, number> }) {
  const { t } = useTranslation('checkout');
  const { t: ta } = useTranslation('adminshop');
  return (
    <OrderLinesTable
      lines={lines}
      skuColumn
      scroll
      item={(l) => (
        <>
          {l.name} <span className="card-meta">{packagingLabel(l.packaging, t)}</span>
          {l.box && <BoxContents box={l.box} showSku />}
          {returned[l.id] ? <span className="card-meta admin-block">{ta('refund.returnedUnits', { n: returned[l.id] })}</span> : null}
        </>
      )}
    />
  );
}
