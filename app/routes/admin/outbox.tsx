/**
 * Mail outbox (/admin/outbox): every mail the shop sent or could not send, newest
 * first, with its plain-text part; confirmation and reset link tokens are hidden, with or without
 * an SMTP server (core/mail/service.ts `listOutbox`). Admin only.
 */
import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/outbox';
import { Pager } from '../../components/Pager.tsx';
import { listOutbox } from '../../../core/mail/index.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'titles.outbox');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get('page')) || 1));
  const { rows, total } = await listOutbox(context.shop.db, page, PAGE_SIZE);
  return {
    title: translate(context.lang, 'account:admin.outbox.title'),
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    smtp: Boolean(context.shop.env.SMTP_URL),
    mails: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
      attachments: m.attachments.map((a) => a.filename),
    })),
  };
}

export default function AdminOutbox() {
  const { t } = useTranslation('account');
  const { mails, page, pageCount, total, smtp } = useLoaderData<typeof loader>();
  const fmt = useFormat();
  return (
    <div className="admin-page">
      <h1>{t('admin.outbox.title')}</h1>
      <p>{smtp ? t('admin.outbox.smtp') : t('admin.outbox.noSmtp')}</p>
      <p className="card-meta">{t('admin.outbox.count', { count: total })}</p>
      {mails.length === 0 ? (
        <p className="empty">{t('admin.outbox.empty')}</p>
      ) : (
        <ul className="outbox-list">
          {mails.map((m) => (
            <li key={m.id} className="outbox-item" data-testid="outbox-item">
              <details>
                <summary>
                  <span className="outbox-date">{fmt.dateTime(m.createdAt)}</span>{' '}
                  <span className={`badge outbox-${m.status}`}>{t(`admin.outbox.status.${m.status}`)}</span> <strong>{m.subject}</strong>{' '}
                  <span className="outbox-to">
                    <span className="dir-arrow">→</span> {m.to}
                  </span>
                </summary>
                {m.lastError && (
                  <p className="field-error">
                    {t('admin.outbox.error', { count: m.attempts })}: {m.lastError}
                  </p>
                )}
                {m.attachments.length > 0 && (
                  <p>
                    {t('admin.outbox.attachments')}: {m.attachments.join(', ')}
                  </p>
                )}
                <pre className="outbox-text">{m.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={(n) => `?page=${n}`} label={t('admin.pages')} />
    </div>
  );
}
