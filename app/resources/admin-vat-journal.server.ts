/**
 * GET /admin/vat/journal.csv: the VAT journal (core/invoices `vatJournalCsv`) of a settlement
 * period (`year` and `period`, as the report's picker sends them) or of two days (`from`, `to`,
 * `YYYY-MM-DD` in the shop's time zone, both included, at most two years apart), as a CSV
 * download: `format=excel` (the default: `;`, UTF-8 byte order mark, for Excel with Swiss
 * settings) or `format=csv` (`,`, RFC 4180). Texts in the admin's language. Without a valid period
 * or span, back to the report with the reason. Admin only.
 */
import { redirect } from 'react-router';
import type { ResourceArgs } from './types.ts';
import { parseDayRange, parsePeriod, periodDays, vatJournalCsv } from '../../core/invoices/index.ts';
import { requireAdmin } from '../lib/auth.server.ts';

export async function loader({ request, context }: ResourceArgs) {
  await requireAdmin(context, request);
  const q = new URL(request.url).searchParams;
  const period = parsePeriod(q.get('year'), q.get('period'));
  const range = period ? periodDays(period) : parseDayRange(q.get('from'), q.get('to'));
  if (!range) throw redirect('/admin/vat?error=range');
  const format = q.get('format') === 'csv' ? 'csv' : 'excel';
  const csv = await vatJournalCsv(context.shop.db, range, { lang: context.lang, format });
  const name = period ? `${period.year}-${period.period}` : `${range.from}_${range.to}`;
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="vat-journal-${name}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
