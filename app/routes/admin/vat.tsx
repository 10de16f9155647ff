/**
 * The VAT report (/admin/vat): the owner picks a settlement period (a quarter or a half-year of a
 * year, `?year=2026&period=Q1`; the last quarter that has ended by default) and reads the figures
 * of the ESTV VAT return, effective method (core/invoices `vatReport`; docs/decisions/023-vat-report.md):
 * turnover (Ziffer 200), credit notes deducted (235, 289), taxable turnover (299), the tax per rate
 * (303 …) and in total (399), and the same by rate with goods and shipping apart. The journal of
 * the period downloads as CSV (app/resources/admin-vat-journal.server.ts). Plain GET forms, so it works before
 * scripts load. Admin only.
 */
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/vat';
import { getSettings } from '../../../core/config/index.ts';
import { parsePeriod, periodDays, previousQuarter, vatReport, VAT_PERIODS } from '../../../core/invoices/index.ts';
import { startOfDay, todayIn } from '../../../core/i18n/index.ts';
import { FormError } from '../../components/forms.tsx';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';
import '../../styles/vat.css';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'adminshop:vat.title');

/** Years offered in the period picker: this one and the five before it. */
const YEARS_BACK = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const tz = (await getSettings(context.shop.db)).timeZone;
  const asked = url.searchParams.has('year') || url.searchParams.has('period');
  const parsed = parsePeriod(url.searchParams.get('year'), url.searchParams.get('period'));
  const period = parsed ?? previousQuarter(tz);
  const report = await vatReport(context.shop.db, periodDays(period));
  const thisYear = Number(todayIn(tz).slice(0, 4));
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i);
  if (!years.includes(period.year)) years.push(period.year);
  return {
    period,
    report,
    // the first and last day as instants, so the page writes them in the shop's zone
    fromAt: startOfDay(report.from, tz).toISOString(),
    toAt: startOfDay(report.to, tz).toISOString(),
    years: years.sort((a, b) => b - a),
    // sent, not imported: the invoices module is server code
    periods: [...VAT_PERIODS],
    invalid: asked && !parsed,
    rangeError: url.searchParams.get('error') === 'range',
  };
}

/** A table of the ESTV form: the cipher, the item and one right-aligned column per heading in `amounts`. */
function VatFormTable({ testId, amounts, children }: { testId: string; amounts: string[]; children: ReactNode }) {
  const { t } = useTranslation('adminshop');
  return (
    <div className="table-scroll">
      <table className="history-table vat-form" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('vat.cipher')}</th>
            <th scope="col">{t('vat.item')}</th>
            {amounts.map((heading) => (
              <th key={heading} scope="col" className="num">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export default function VatReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('adminshop');
  const fmt = useFormat();
  const { period, periods, report, years, fromAt, toAt, invalid, rangeError } = loaderData;
  const { form } = report;
  // 810 -> "8.1 %" (as core/invoices ratePercent writes the journal's rate), never broken before the sign
  const rate = (bp: number) => `${bp / 100}\u00a0%`;
  const row = (cipher: string, label: string, amount: number, strong = false) => (
    <tr key={cipher} className={strong ? 'vat-total' : undefined} data-testid={`vat-z${cipher}`}>
      <td className="vat-cipher">{cipher}</td>
      <td>{label}</td>
      <td className="num">{fmt.price(amount)}</td>
    </tr>
  );
  return (
    <div className="admin-page vat-report">
      <h1>{t('vat.title')}</h1>
      <p>{t('vat.intro')}</p>
      {invalid && <FormError error={t('vat.badPeriod')} />}
      {rangeError && <FormError error={t('vat.badRange')} />}
      <Form method="get" className="toolbar vat-picker">
        <div className="field">
          <label htmlFor="vat-year">{t('vat.year')}</label>
          <select id="vat-year" name="year" defaultValue={period.year}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="vat-period">{t('vat.period')}</label>
          <select id="vat-period" name="period" defaultValue={period.period}>
            {periods.map((p) => (
              <option key={p} value={p}>
                {t(`vat.periods.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          {t('vat.show')}
        </button>
      </Form>

      <p className="card-meta" data-testid="vat-span">
        {t('vat.span', { from: fmt.date(fromAt), to: fmt.date(toAt), zone: report.timeZone })} ·{' '}
        {t('vat.documents', { invoices: report.invoices, creditNotes: report.creditNotes })}
      </p>
      {report.invoices + report.creditNotes === 0 && <p className="empty">{t('vat.empty')}</p>}

      <h2>{t('vat.turnover')}</h2>
      <VatFormTable testId="vat-form" amounts={[t('vat.chf')]}>
        {row('200', t('vat.z200'), form.z200)}
        {row('220', t('vat.z220'), form.z220)}
        {row('221', t('vat.z221'), form.z221)}
        {row('230', t('vat.z230'), form.z230)}
        {row('235', t('vat.z235'), form.z235)}
        {row('289', t('vat.z289'), form.z289)}
        {row('299', t('vat.z299'), form.z299, true)}
      </VatFormTable>

      <h2>{t('vat.taxCalc')}</h2>
      <VatFormTable testId="vat-tax" amounts={[t('vat.supplies'), t('vat.tax')]}>
        {form.tax.map((x) => (
          <tr key={x.rateBasisPoints} data-testid={`vat-rate-${x.rateBasisPoints}`}>
            <td className="vat-cipher">{x.cipher ?? '–'}</td>
            <td>{t('vat.taxAt', { rate: rate(x.rateBasisPoints) })}</td>
            <td className="num">{fmt.price(x.turnover)}</td>
            <td className="num">{fmt.price(x.tax)}</td>
          </tr>
        ))}
        <tr className="vat-total" data-testid="vat-z399">
          <td className="vat-cipher">399</td>
          <td>{t('vat.z399')}</td>
          <td />
          <td className="num">{fmt.price(form.z399)}</td>
        </tr>
      </VatFormTable>
      <p className="card-meta" data-testid="vat-documents-vat">
        {t('vat.documentsVat', { amount: fmt.price(report.documentsVat), diff: fmt.price(report.roundingDifference) })}
      </p>
      <p className="card-meta">{t('vat.inputTax')}</p>

      <h2>{t('vat.byRate')}</h2>
      {report.rates.map((f) => (
        <section key={f.rateBasisPoints} className="vat-rate" aria-label={t('vat.rateHeading', { rate: rate(f.rateBasisPoints) })}>
          <h3>{t('vat.rateHeading', { rate: rate(f.rateBasisPoints) })}</h3>
          <dl className="vat-figures" data-testid={`vat-by-rate-${f.rateBasisPoints}`}>
            <dt>{t('vat.goods')}</dt>
            <dd>{fmt.price(f.goods)}</dd>
            <dt>{t('vat.shipping')}</dt>
            <dd>{fmt.price(f.shipping)}</dd>
            <dt>{t('vat.invoiced', { n: f.invoices })}</dt>
            <dd>{fmt.price(f.invoiced)}</dd>
            <dt>{t('vat.credited', { n: f.creditNotes })}</dt>
            <dd>{fmt.price(-f.credited)}</dd>
            <dt>{t('vat.taxable')}</dt>
            <dd>
              <strong>{fmt.price(f.taxable)}</strong>
            </dd>
            <dt>{t('vat.net')}</dt>
            <dd>{fmt.price(f.net)}</dd>
            <dt>{t('vat.vatAmount')}</dt>
            <dd>{fmt.price(f.vat)}</dd>
          </dl>
        </section>
      ))}
      <p className="card-meta">{t('vat.rule')}</p>

      <h2>{t('vat.journal.title')}</h2>
      <p>{t('vat.journal.intro')}</p>
      <form method="get" action="/admin/vat/journal.csv" className="toolbar vat-picker">
        <input type="hidden" name="year" value={period.year} />
        <input type="hidden" name="period" value={period.period} />
        <div className="field">
          <label htmlFor="vat-format">{t('vat.journal.format')}</label>
          <select id="vat-format" name="format" defaultValue="excel">
            <option value="excel">{t('vat.journal.formatExcel')}</option>
            <option value="csv">{t('vat.journal.formatCsv')}</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary" data-testid="vat-journal">
          {t('vat.journal.download')}
        </button>
      </form>
    </div>
  );
}
