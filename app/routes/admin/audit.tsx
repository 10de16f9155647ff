/**
 * The audit log (/admin/audit): every admin change, newest first, as an owner reads it — the
 * action in the admin's language, who did it by name, the changed thing by order code, product
 * name and SKU or user name and e-mail, money in CHF, dates in the shop's time zone, each field
 * by its label (core/audit `readableAudit`, written out in the loader so the page reads the same
 * before and after hydration). Filters by person, thing (order code, SKU, e-mail or name), kind
 * and action, and days; paged. A plain GET form: works without JavaScript. Admin only.
 */
import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Route } from './+types/audit';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionKey, auditAdmins, readableAudit, searchAudit, type AuditFilter } from '../../../core/audit/index.ts';
import { getSettings } from '../../../core/config/index.ts';
import { isCalendarDay } from '../../../core/i18n/browser.ts';
import { Field } from '../../components/forms.tsx';
import { ListFilterForm } from '../../components/ListFilters.tsx';
import { Pager } from '../../components/Pager.tsx';
import { translate } from '../../../core/i18n/index.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { useFormat } from '../../lib/format.ts';
import '../../styles/audit.css';

const PAGE_SIZE = 50;
const ACTOR = /^(?:customers|system|(?:admin|user):[0-9A-Za-z-]{1,64})$/;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, 'audit.title');

/** The filter as the query gives it; anything malformed is dropped, never an error. */
function filterOf(sp: URLSearchParams) {
  const one = (name: string, max = 100) => (sp.get(name) ?? '').trim().slice(0, max);
  const entity = one('entity');
  const action = one('action');
  const actor = one('actor', 80);
  const from = one('from', 10);
  const to = one('to', 10);
  return {
    entity: (AUDIT_ENTITIES as readonly string[]).includes(entity) ? entity : '',
    entityId: one('entityId', 64),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? action : '',
    actor: ACTOR.test(actor) ? actor : '',
    q: one('q'),
    from: isCalendarDay(from) ? from : '',
    to: isCalendarDay(to) ? to : '',
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const sp = new URL(request.url).searchParams;
  const filter = filterOf(sp);
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(sp.get('page'))) || 1));
  const { timeZone } = await getSettings(context.shop.db);
  const lang = context.lang;
  const search: AuditFilter = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== ''));
  const [{ rows, total }, admins] = await Promise.all([searchAudit(context.shop.db, search, timeZone, page, PAGE_SIZE), auditAdmins(context.shop.db, lang)]);
  // a person picked by a link (a user page) who is no admin still shows in the list
  const people =
    filter.actor && !admins.some((a) => a.actor === filter.actor) && !['customers', 'system'].includes(filter.actor)
      ? [{ actor: filter.actor, name: filter.actor }]
      : [];
  return {
    filter,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    entries: await readableAudit(context.shop.db, rows, { lang, timeZone }),
    people: [...admins, ...people],
    // from the loader: core/audit is server code, kept out of the page's browser chunk
    entities: [...AUDIT_ENTITIES],
    actions: AUDIT_ACTIONS.map((a) => ({ value: a, label: translate(lang, auditActionKey(a)) })).sort((a, b) => a.label.localeCompare(b.label, lang)),
  };
}

type Filter = ReturnType<typeof filterOf>;

/** The list's address with the filter and a page. */
function hrefOf(f: Filter, page: number): string {
  const p = new URLSearchParams(Object.entries(f).filter(([, v]) => v !== ''));
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '?';
}

export default function AdminAudit() {
  const { t } = useTranslation('admin');
  const { entries, filter: f, page, pageCount, total, people, actions, entities } = useLoaderData<typeof loader>();
  const { number } = useFormat();
  const filtered = Object.values(f).some(Boolean);
  const actionLabel = new Map<string, string>(actions.map((a) => [a.value, a.label]));
  const personLabel = new Map<string, string>([
    ['customers', t('audit.customers')],
    ['system', t('audit.actors.system')],
    ...people.map((p) => [p.actor, p.name] as [string, string]),
  ]);
  return (
    <div className="admin-page audit-page">
      <h1>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <ListFilterForm
        label={t('audit.filters')}
        className="toolbar audit-filter"
        search={{ label: t('audit.search'), placeholder: t('audit.searchHint'), maxLength: 100, grow: true }}
        filters={[
          { name: 'actor', label: t('audit.person'), any: t('audit.anyone'), choices: [...personLabel.keys()], text: (a) => personLabel.get(a) ?? a },
          { name: 'entity', label: t('audit.entity'), any: t('audit.allEntities'), choices: entities, text: (e) => t(`audit.entities.${e}`) },
          {
            name: 'action',
            label: t('audit.actionFilter'),
            any: t('audit.allActions'),
            choices: [...actionLabel.keys()],
            text: (a) => actionLabel.get(a) ?? a,
          },
        ]}
        current={f}
        apply={t('audit.filter')}
        reset={filtered && { to: '/admin/audit', label: t('audit.reset') }}
      >
        <Field name="from" id="from" type="date" label={t('audit.from')} defaultValue={f.from} />
        <Field name="to" id="to" type="date" label={t('audit.to')} defaultValue={f.to} />
        {f.entityId && <input type="hidden" name="entityId" value={f.entityId} />}
      </ListFilterForm>
      <p className="card-meta" role="status" data-testid="audit-count">
        {t('audit.count', { count: total, n: number(total) })}
      </p>
      {entries.length === 0 ? (
        <p className="empty">{filtered ? t('audit.noMatch') : t('audit.empty')}</p>
      ) : (
        <ol className="audit-list" data-testid="audit-entries">
          {entries.map((e) => (
            <li key={e.id} className="audit-entry" data-testid="audit-entry" data-action={e.action}>
              <div className="audit-head">
                <strong className="audit-what">{e.what}</strong>
                <time dateTime={e.at} className="audit-when">
                  {e.when}
                </time>
              </div>
              <div className="audit-object">
                {e.object.label ? (
                  <>
                    <span className="audit-kind">{e.object.kind}:</span>{' '}
                    {e.object.href ? <Link to={e.object.href}>{e.object.label}</Link> : <span>{e.object.label}</span>}
                  </>
                ) : e.object.href ? (
                  <Link to={e.object.href}>{e.object.kind}</Link>
                ) : (
                  <span>{e.object.kind}</span>
                )}
                {e.object.meta && <span className="card-meta audit-meta"> {e.object.meta}</span>}
              </div>
              <div className="audit-who card-meta">
                {e.actor.role ? t('audit.by', { name: e.actor.name, role: e.actor.role }) : t('audit.byName', { name: e.actor.name })}
                {e.actor.email && <span className="audit-email"> · {e.actor.email}</span>}
              </div>
              {(e.changes.length > 0 || e.details.length > 0) && (
                <dl className="audit-diff">
                  {e.changes.map((c) => (
                    <div key={`c-${c.field}`}>
                      <dt>{c.label}</dt>
                      <dd>
                        {/* each value isolated in its own direction: "2026-XT8C6SFF-C1" stays as written on a right-to-left page */}
                        <del>
                          <bdi>{c.before}</bdi>
                        </del>{' '}
                        <span className="dir-arrow">→</span>{' '}
                        <ins>
                          <bdi>{c.after}</bdi>
                        </ins>
                      </dd>
                    </div>
                  ))}
                  {e.details.map((d) => (
                    <div key={`d-${d.field}`}>
                      <dt>{d.label}</dt>
                      <dd>
                        <bdi>{d.value}</bdi>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
      <Pager page={page} pageCount={pageCount} href={(n) => hrefOf(f, n)} label={t('audit.pages')} />
    </div>
  );
}
