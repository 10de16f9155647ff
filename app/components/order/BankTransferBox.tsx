/**
 * The payment data of an unpaid bank-transfer (QR-bill) order as text, for a customer who pays
 * from the phone that shows the page (and so cannot scan the QR code): beneficiary, IBAN,
 * reference, amount and currency, each with a copy button, and the last day to pay. Without
 * JavaScript the values are plain selectable text and the buttons are invisible (their place is
 * kept, so the page does not move when they appear under a finger that is about to tap the
 * controls below); with it, a button copies its value with the Clipboard API and a polite live
 * region says what was copied.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { rappenToDecimalString } from '../../../core/pricing/browser.ts';
import type { BankTransferView } from '../../lib/customer-order.server.ts';
import { useFormat } from '../../lib/format.ts';
import '../../styles/bank-transfer.css';

type Row = { id: 'beneficiary' | 'iban' | 'reference' | 'amount' | 'currency'; label: string; shown: React.ReactNode; copy: string; ltr?: boolean };

const noSubscription = () => () => undefined;
const clipboardAvailable = () => typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

export function BankTransferBox({ transfer: d, headingLevel = 2 }: { transfer: BankTransferView; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('checkout');
  const { price, date } = useFormat();
  // the buttons work only once scripts run and the browser offers the Clipboard API (the server
  // and the hydrating render say no, so the markup matches); until then each is rendered
  // invisible and inert in its place: adding them after hydration would push everything below
  // (the cancel box) down by a button's height per row, and a tap aimed there would miss
  const canCopy = useSyncExternalStore(noSubscription, clipboardAvailable, () => false);
  const [said, setSaid] = useState('');
  const [copiedId, setCopiedId] = useState<Row['id'] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const rows: Row[] = [
    {
      id: 'beneficiary',
      label: t('transfer.beneficiary'),
      shown: (
        <>
          {d.beneficiary}
          {d.beneficiaryAddress.map((line) => (
            <span key={line} className="transfer-line">
              {line}
            </span>
          ))}
        </>
      ),
      copy: [d.beneficiary, ...d.beneficiaryAddress].join(', '),
    },
    { id: 'iban', label: t('transfer.iban'), shown: d.iban, copy: d.iban.replace(/\s+/g, ''), ltr: true },
    ...(d.reference
      ? [{ id: 'reference' as const, label: t('transfer.reference'), shown: d.reference, copy: d.reference.replace(/\s+/g, ''), ltr: true }]
      : []),
    { id: 'amount', label: t('transfer.amount'), shown: price(d.amount), copy: rappenToDecimalString(d.amount) },
    { id: 'currency', label: t('transfer.currency'), shown: d.currency, copy: d.currency, ltr: true },
  ];
  const copy = async (row: Row) => {
    try {
      await navigator.clipboard.writeText(row.copy);
      setSaid(t('transfer.copied', { what: row.label }));
      setCopiedId(row.id);
    } catch {
      setSaid(t('transfer.copyFailed'));
      setCopiedId(null);
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopiedId(null), 2500);
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="summary order-box bank-transfer" aria-labelledby="transfer-h" data-testid="bank-transfer">
      <Heading id="transfer-h">{t('transfer.title')}</Heading>
      <p className="card-meta">{t('transfer.intro')}</p>
      <dl className="transfer-list">
        {rows.map((row) => (
          <div key={row.id} className="transfer-row">
            <dt>{row.label}</dt>
            <dd>
              <span className="transfer-value" data-testid={`transfer-${row.id}`} dir={row.ltr ? 'ltr' : undefined}>
                {row.shown}
              </span>
              <button
                type="button"
                className={canCopy ? 'btn btn-ghost btn-small transfer-copy' : 'btn btn-ghost btn-small transfer-copy transfer-copy-waiting'}
                onClick={canCopy ? () => void copy(row) : undefined}
                disabled={!canCopy}
                aria-hidden={canCopy ? undefined : true}
                tabIndex={canCopy ? undefined : -1}
                aria-label={t('transfer.copyLabel', { what: row.label })}
              >
                {copiedId === row.id ? t('transfer.copiedShort') : t('transfer.copy')}
              </button>
            </dd>
          </div>
        ))}
        {d.dueAt && (
          <div className="transfer-row">
            <dt>{t('transfer.dueBy')}</dt>
            <dd data-testid="transfer-due">{date(d.dueAt)}</dd>
          </div>
        )}
      </dl>
      <p className="visually-hidden" aria-live="polite" role="status" data-testid="transfer-copied">
        {said}
      </p>
    </section>
  );
}
