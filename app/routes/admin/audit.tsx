/**
 * The audit log (/admin/audit): every admin change, newest first — who, when, what, and the
 * changed fields before and after (`core/audit/service.ts`). Filter by kind of thing (`entity`)
 * and by one thing (`entityId`, e.g. from a user page); paged. Admin only.
 */
import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/audit';
import { actorLabels } from '../../../core/accounts/index.ts';
import { listAudit } from '../../../core/audit/index.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { ListFilterForm } from '../../components/ListFilters.tsx';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';

const PAGE_SIZE = 50;
/** The kinds of things the admin changes (the `entity` of an audit entry). */
const ENTITIES = ['order', 'product', 'promo', 'user', 'settings'] as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'audit.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const sp = new URL(request.url).searchParams;
  const entityParam = sp.get('entity') ?? '';
  const entity = (ENTITIES as readonly string[]).includes(entityParam) ? entityParam : '';
  const entityId = (sp.get('entityId') ?? '').slice(0, 64);
  const page = Math.max(1, Math.min(10_000, Number(sp.get('page')) || 1));
  const { rows, total } = await listAudit(context.shop.db, { entity: entity || undefined, entityId: entityId || undefined }, page, PAGE_SIZE);
  const labels = await actorLabels(
    context.shop.db,
    rows.map((r) => r.actor),
  );
  return {
    entity,
    entityId,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    rows: rows.map((r) => ({
      id: r.id,
      actor: labels[r.actor] ?? r.actor,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      at: r.createdAt.toISOString(),
    })),
  };
}

/** An instant as the services store it in the log (`Date#toJSON`, UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * A value of a changed field, short enough for a table cell; an instant is written as the date and
 * time of the shop's zone (`dateTime`), as everywhere else in the admin.
 */
function show(v: unknown, dateTime: (d: string) => string): string {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'string' && INSTANT.test(v)) return dateTime(v);
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

/** Where the changed thing is shown in the admin, when it has a page. */
function entityHref(entity: string, id: string | null): string | null {
  if (!id) return entity === 'settings' ? '/admin/settings' : null;
  switch (entity) {
    case 'user':
      return `/admin/user/details?id=${encodeURIComponent(id)}`;
    case 'order':
      return `/admin/order/details?id=${encodeURIComponent(id)}`;
    case 'product':
      return `/admin/product/add?id=${encodeURIComponent(id)}`;
    case 'promo':
      return `/admin/promo/edit?id=${encodeURIComponent(id)}`;
    default:
      return null;
  }
}

export default function AdminAudit() {
  const { t } = useTranslation('admin');
  const { rows, entity, entityId, page, pageCount, total } = useLoaderData<typeof loader>();
  const fmt = useFormat();
  const href = (n: number) => `?${new URLSearchParams({ ...(entity ? { entity } : {}), ...(entityId ? { entityId } : {}), page: String(n) })}`;
  return (
    <div className="admin-page">
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <ListFilterForm
        filters={[{ name: 'entity', label: t('audit.entity'), any: t('audit.allEntities'), choices: ENTITIES, text: (e) => t(`audit.entities.${e}`) }]}
        current={{ entity }}
        apply={t('audit.filter')}
        reset={Boolean(entity || entityId) && { to: '/admin/audit', label: t('audit.reset') }}
      >
        {entityId && <input type="hidden" name="entityId" value={entityId} />}
      </ListFilterForm>
      <p className="card-meta">{t('audit.count', { count: total })}</p>
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        className="data-table audit-table"
        empty={<p className="empty">{t('audit.empty')}</p>}
        pager={{ page, pageCount, href, label: t('audit.pages') }}
        columns={[
          { key: 'when', header: t('audit.when'), cell: (r) => fmt.dateTime(r.at) },
          { key: 'who', header: t('audit.who'), cell: (r) => <code>{r.actor}</code> },
          {
            key: 'what',
            header: t('audit.what'),
            cell: (r) => {
              const link = entityHref(r.entity, r.entityId);
              return (
                <>
                  {t(`audit.actions.${r.action}`, { defaultValue: r.action })}
                  <div className="card-meta">
                    {t(`audit.entities.${r.entity}`, { defaultValue: r.entity })}
                    {link && (
                      <>
                        {' · '}
                        <Link to={link}>{r.entityId ? r.entityId.slice(0, 8) : t('audit.open')}</Link>
                      </>
                    )}
                  </div>
                </>
              );
            },
          },
          { key: 'changes', header: t('audit.changes'), cell: (r) => <AuditDiff before={r.before} after={r.after} dateTime={fmt.dateTime} /> },
        ]}
      />
    </div>
  );
}

/** The fields an entry changed, each with its value before and after. */
function AuditDiff({
  before,
  after,
  dateTime,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  dateTime: (d: string) => string;
}) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return '–';
  return (
    <dl className="audit-diff">
      {keys.map((k) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            <del>{show(before?.[k], dateTime)}</del> <span className="dir-arrow">→</span> <ins>{show(after?.[k], dateTime)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
