/**
 * The audit log as an owner reads it (/admin/audit, the admin order page's history): each action
 * as a label in the admin's language, who did it by name ("customer", "admin", "system"), the
 * changed thing by order code, product name and SKU, user name and e-mail, money in CHF (the log
 * keeps Rappen), instants as the date and time of the shop's zone, and each field by its label.
 * Everything is written out on the server, so the page reads the same before and after
 * hydration. Names are looked up with one query per kind of thing for a whole page of entries.
 */
import { eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { auditLog, customBoxModels, orders, products, promos, users, type AuditRow } from '../db/index.ts';
import { formatChf } from '../pricing/browser.ts';
import { auditPage } from './service.ts';
import { formatDate, formatDateTime, intlLocale, isCalendarDay, nextDay, startOfDay, translate } from '../i18n/index.ts';

/**
 * Every action the shop writes to the audit log (`<entity>.<verb>`), each with a label
 * `admin:audit.action.<action with _ for .>` in every locale; a test reads the code's audit writes
 * and keeps this list complete. `product.import` and the per-product entries of a CSV import are
 * written by shops before the one `catalogue.import` entry per file.
 */
export const AUDIT_ACTIONS = [
  'catalogue.import',
  'custombox.create',
  'custombox.update',
  'order.cancel',
  'order.export',
  'order.payment.record',
  'order.refund',
  'order.refund.failed',
  'order.refund.resolve',
  'order.refund.transferred',
  'order.return.accept',
  'order.return.refuse',
  'order.ship',
  'order.status',
  'product.archive',
  'product.bulk',
  'product.create',
  'product.delete',
  'product.export',
  'product.import',
  'product.photo.add',
  'product.photos.update',
  'product.release',
  'product.stock',
  'product.update',
  'promo.create',
  'promo.update',
  'refunds.export',
  'settings.adminTwoFactor',
  'settings.update',
  'user.adminCreate',
  'user.adminPromote',
  'user.block',
  'user.confirmEmail',
  'user.confirmMail',
  'user.create',
  'user.erase',
  'user.export',
  'user.resetMail',
  'user.role',
  'user.twoFactorOff',
  'user.twoFactorOn',
  'user.unblock',
  'user.update',
] as const;

/** The kinds of things the log records changes of (an entry's `entity`). */
export const AUDIT_ENTITIES = ['order', 'product', 'promo', 'user', 'settings', 'custom_box_model', 'refunds'] as const;

/**
 * The label key of an action (`order.refund` -> `admin:audit.action.order_refund`): flat, since
 * `order.refund` and `order.refund.failed` cannot both be nested keys.
 */
export const auditActionKey = (action: string): string => `admin:audit.action.${action.replace(/\./g, '_')}`;

/**
 * Fields whose numbers are Rappen, in every entry that has them (refunds, payments, prices,
 * settings' fees and thresholds); a promo's `value` is Rappen only for a fixed-amount promo.
 */
const AUDIT_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'basePrice',
  'freeShippingThreshold',
  'minOrder',
  'paidAmount',
  'price',
  'refundedAmount',
  'shippingFee',
  'total',
]);

/** Fields holding a percentage as a whole number (15 = 15 %). */
const PERCENT_FIELDS: ReadonlySet<string> = new Set(['discountPercent', 'influencerBonusPercent']);

/** Fields that are internal references (a return's or refund's id, a provider key): not shown. */
const HIDDEN_FIELDS: ReadonlySet<string> = new Set(['return', 'refund', 'key', 'photo', 'searchText', 'createdAt', 'updatedAt', 'id']);

/** Fields whose value is a user id, shown as that user's name. */
const USER_FIELDS: ReadonlySet<string> = new Set(['influencerUserId']);

/** Where a field's values have their own words: the translation key of value `v`. */
const VALUE_KEYS: Record<string, (v: string) => string[]> = {
  status: (v) => [`checkout:status.${v}`, `admin:audit.values.status.${v}`],
  paymentStatus: (v) => [`checkout:paymentStatus.${v}`],
  role: (v) => [`admin:roles.${v}`],
  method: (v) => [`adminshop:manualPayment.methods.${v}`],
  kind: (v) => [`admin:audit.values.kind.${v}`],
  outcome: (v) => [`admin:audit.values.outcome.${v}`],
  category: (v) => [`adminshop:category.${v}`],
  strength: (v) => [`adminshop:strength.${v}`],
  action: (v) => [`admin:audit.values.bulk.${v}`],
  scope: (v) => [`admin:audit.values.scope.${v}`],
  reason: (v) => [`adminshop:stock.reasons.${v}`],
  carrier: (v) => [`admin:audit.values.carrier.${v}`],
};

/** Fields shown first, in this order (jsonb keeps an object's keys sorted by length, not as written). */
const FIELD_ORDER = ['file', 'new', 'updated', 'unchanged', 'rows', 'action', 'count', 'amount'];
const rank = (field: string) => {
  const i = FIELD_ORDER.indexOf(field);
  return i === -1 ? FIELD_ORDER.length : i;
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const MAX_TEXT = 120;

/** Who did something, as the page shows it. */
export type ActorView = {
  /** The person's name (or their e-mail when they have none), or "System", "Command line", a provider. */
  name: string;
  /** The person's e-mail address, when it is not the name already; null otherwise. */
  email: string | null;
  /** What they are ("admin", "customer", "payment provider") in the admin's language; '' when the name says it (the shop itself). */
  role: string;
  kind: 'admin' | 'customer' | 'system' | 'cli' | 'provider' | 'erased' | 'unknown';
};

/** The changed thing, named as the owner knows it. */
type ObjectView = {
  /** The kind ("Order", "Product" …). */
  kind: string;
  /** Its name: order code, product name, user name, promo code …; null for the kind alone. */
  label: string | null;
  /** A second line: the SKU of a product, the e-mail of a user; null without one. */
  meta: string | null;
  /** Its admin page, when it has one. */
  href: string | null;
};

/** One changed field: its label, the value before and after, written out. */
type FieldChange = { field: string; label: string; before: string; after: string };
/** One field recorded with the entry that did not change (a refund's amount, an import's counts). */
type FieldDetail = { field: string; label: string; value: string };

/** One entry of the log, as the page shows it. */
export type ReadableAuditEntry = {
  id: string;
  /** The instant (ISO, UTC), for machines; `when` is what people read. */
  at: string;
  /** Date and time in the shop's zone and the admin's language. */
  when: string;
  actor: ActorView;
  action: string;
  /** The action's label in the admin's language. */
  what: string;
  object: ObjectView;
  changes: FieldChange[];
  details: FieldDetail[];
};

/** The language and time zone an entry is written in. */
export type AuditReadingContext = { lang: string; timeZone: string };

type UserName = { id: string; firstName: string; lastName: string; email: string; role: string; anonymisedAt: Date | null };

const ACTOR_ID = /^(admin|user):(.+)$/;

/** The users named by the actors and user-valued fields given: one query. */
async function usersById(db: Db, ids: Iterable<string>): Promise<Map<string, UserName>> {
  const list = [...new Set(ids)].filter(Boolean);
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, anonymisedAt: users.anonymisedAt })
    .from(users)
    .where(inArray(users.id, list));
  return new Map(rows.map((r) => [r.id, r]));
}

function actorView(actor: string, byId: Map<string, UserName>, lang: string): ActorView {
  const tr = (key: string) => translate(lang, `admin:audit.actors.${key}`);
  const m = ACTOR_ID.exec(actor);
  if (m) {
    const kind = m[1] === 'admin' ? 'admin' : 'customer';
    const u = byId.get(m[2]);
    if (!u) return { name: actor, email: null, role: tr(kind), kind: 'unknown' };
    if (u.anonymisedAt) return { name: tr('erased'), email: null, role: tr(kind), kind: 'erased' };
    const name = `${u.firstName} ${u.lastName}`.trim();
    return { name: name || u.email, email: name ? u.email : null, role: tr(kind), kind };
  }
  if (actor === 'system') return { name: tr('system'), email: null, role: '', kind: 'system' };
  if (actor === 'cli') return { name: tr('cli'), email: null, role: '', kind: 'cli' };
  const provider = /^provider:(.+)$/.exec(actor)?.[1];
  if (provider) {
    const name = provider === 'datatrans' ? 'Datatrans' : provider;
    return { name, email: null, role: tr('provider'), kind: 'provider' };
  }
  return { name: actor, email: null, role: '', kind: 'unknown' };
}

/**
 * Who did each thing, by name: `admin:<id>` and `user:<id>` become the account's name and e-mail
 * with "admin" or "customer", an erased account "Erased account", `system`, `cli` and
 * `provider:<name>` their words. One query for all of them.
 * @returns actor -> view, for every actor given.
 */
export async function describeActors(db: Db, actors: readonly string[], lang: string): Promise<Record<string, ActorView>> {
  const byId = await usersById(
    db,
    actors.map((a) => ACTOR_ID.exec(a)?.[2] ?? ''),
  );
  return Object.fromEntries([...new Set(actors)].map((a) => [a, actorView(a, byId, lang)]));
}

/** The names of the things a page of entries changed: one query per kind present. */
async function objectNames(db: Db, rows: readonly AuditRow[]) {
  const ids = (entity: string) => [...new Set(rows.filter((r) => r.entity === entity && r.entityId).map((r) => r.entityId!))];
  const [orderIds, productIds, promoIds, boxIds] = [ids('order'), ids('product'), ids('promo'), ids('custom_box_model')];
  const [o, p, pr, b] = await Promise.all([
    orderIds.length ? db.select({ id: orders.id, code: orders.code }).from(orders).where(inArray(orders.id, orderIds)) : [],
    productIds.length ? db.select({ id: products.id, name: products.name, sku: products.sku }).from(products).where(inArray(products.id, productIds)) : [],
    promoIds.length ? db.select({ id: promos.id, code: promos.code }).from(promos).where(inArray(promos.id, promoIds)) : [],
    boxIds.length ? db.select({ id: customBoxModels.id, name: customBoxModels.name }).from(customBoxModels).where(inArray(customBoxModels.id, boxIds)) : [],
  ]);
  return {
    orders: new Map(o.map((r) => [r.id, r.code])),
    products: new Map(p.map((r) => [r.id, r])),
    promos: new Map(pr.map((r) => [r.id, r.code])),
    boxes: new Map(b.map((r) => [r.id, r.name])),
  };
}

type Names = Awaited<ReturnType<typeof objectNames>>;

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

function objectView(r: AuditRow, names: Names, byId: Map<string, UserName>, lang: string): ObjectView {
  const kind = translate(lang, `admin:audit.entities.${r.entity}`, { defaultValue: r.entity });
  const id = r.entityId;
  const recorded = { ...(r.before ?? {}), ...(r.after ?? {}) };
  const short = id ? `${id.slice(0, 8)}…` : null;
  const enc = id ? encodeURIComponent(id) : '';
  switch (r.entity) {
    case 'order':
      return id
        ? { kind, label: names.orders.get(id) ?? short, meta: null, href: names.orders.has(id) ? `/admin/order/details?id=${enc}` : null }
        : { kind, label: null, meta: null, href: '/admin/order/list' };
    case 'product': {
      if (!id) {
        // an import's file is among its details
        const label = r.action === 'catalogue.import' ? translate(lang, 'admin:audit.object.catalogue') : null;
        return { kind, label, meta: null, href: '/admin/product/list' };
      }
      const p = names.products.get(id);
      // a deleted product is named by what its entry recorded
      if (!p) return { kind, label: text(recorded.name) ?? short, meta: text(recorded.sku), href: null };
      return { kind, label: p.name, meta: p.sku, href: `/admin/product/add?id=${enc}` };
    }
    case 'user': {
      const u = id ? byId.get(id) : undefined;
      if (!u) return { kind, label: short, meta: null, href: null };
      if (u.anonymisedAt) return { kind, label: translate(lang, 'admin:audit.actors.erased'), meta: null, href: `/admin/user/details?id=${enc}` };
      const name = `${u.firstName} ${u.lastName}`.trim();
      return { kind, label: name || u.email, meta: name ? u.email : null, href: `/admin/user/details?id=${enc}` };
    }
    case 'promo':
      return id
        ? { kind, label: names.promos.get(id) ?? text(recorded.code) ?? short, meta: null, href: `/admin/promo/edit?id=${enc}` }
        : { kind, label: null, meta: null, href: null };
    case 'custom_box_model':
      return { kind, label: (id && names.boxes.get(id)) || text(recorded.name) || short, meta: null, href: '/admin/custombox' };
    case 'settings':
      return { kind, label: null, meta: null, href: '/admin/settings' };
    case 'refunds':
      return { kind, label: null, meta: null, href: '/admin/refunds' };
    default:
      return { kind, label: short, meta: null, href: null };
  }
}

/** Whether `field` of this entry is an amount in Rappen. */
function isMoney(field: string, entry: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }): boolean {
  if (AUDIT_MONEY_FIELDS.has(field)) return true;
  return field === 'value' && (entry.after?.kind ?? entry.before?.kind) === 'fixed';
}

type ValueContext = AuditReadingContext & { locale: string; byId: Map<string, UserName> };

/** One recorded value written out for people; `–` for none. */
function showValue(field: string, v: unknown, money: boolean, c: ValueContext): string {
  if (v === null || v === undefined || v === '') return '–';
  if (money && typeof v === 'number') return formatChf(v, c.locale);
  if (typeof v === 'boolean') return translate(c.lang, `admin:audit.values.${v ? 'yes' : 'no'}`);
  if (PERCENT_FIELDS.has(field) && typeof v === 'number') return `${new Intl.NumberFormat(c.locale).format(v)} %`;
  if (field === 'vatRateBasisPoints' && typeof v === 'number') return `${new Intl.NumberFormat(c.locale, { maximumFractionDigits: 2 }).format(v / 100)} %`;
  if (typeof v === 'number') return new Intl.NumberFormat(c.locale).format(v);
  if (typeof v === 'string') {
    if (INSTANT.test(v)) return formatDateTime(v, c.locale, c.timeZone);
    if (isCalendarDay(v)) return formatDate(startOfDay(v, c.timeZone), c.locale, c.timeZone);
    if (USER_FIELDS.has(field)) {
      const u = c.byId.get(v);
      if (u) return u.anonymisedAt ? translate(c.lang, 'admin:audit.actors.erased') : `${u.firstName} ${u.lastName}`.trim() || u.email;
    }
    for (const key of VALUE_KEYS[field]?.(v) ?? []) {
      const word = translate(c.lang, key, { defaultValue: '' });
      if (word) return word;
    }
    return v.length > MAX_TEXT ? `${v.slice(0, MAX_TEXT - 1)}…` : v;
  }
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'string')) return showValue(field, v.join(', '), false, c);
    return translate(c.lang, 'admin:audit.values.items', { count: v.length });
  }
  // a text per language ({ en, de, … }): the admin's language, else English
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const t = text(o[c.lang]) ?? text(o.en);
    if (t) return showValue(field, t, false, c);
    const s = JSON.stringify(v);
    return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
  }
  return String(v);
}

/** A field's label in the admin's language; an unknown field by its name in words ("lowStockThreshold" -> "Low stock threshold"). */
function auditFieldLabel(field: string, lang: string): string {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return translate(lang, `admin:audit.fields.${field}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
}

/**
 * Splits an entry's values into changes (a field in both before and after, with different
 * values) and details (recorded on one side only, or the same on both: a refund's amount, an
 * order's status that stayed): a refund's "status delivered" is a detail, not "delivered → –".
 */
function fieldsOf(r: Pick<AuditRow, 'before' | 'after'>, c: ValueContext): { changes: FieldChange[]; details: FieldDetail[] } {
  const before = r.before ?? null;
  const after = r.after ?? null;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !HIDDEN_FIELDS.has(k)).sort((a, b) => rank(a) - rank(b));
  const changes: FieldChange[] = [];
  const details: FieldDetail[] = [];
  for (const k of keys) {
    const money = isMoney(k, r);
    const label = auditFieldLabel(k, c.lang);
    const inBefore = before !== null && k in before;
    const inAfter = after !== null && k in after;
    if (inBefore && inAfter && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      changes.push({ field: k, label, before: showValue(k, before[k], money, c), after: showValue(k, after[k], money, c) });
    else {
      const value = showValue(k, inAfter ? after![k] : before![k], money, c);
      // a detail recorded empty (no lines returned, no note) says nothing
      if (value !== '–') details.push({ field: k, label, value });
    }
  }
  return { changes, details };
}

/**
 * Entries of the log written out for the admin: labels in `lang`, CHF, the shop's local time,
 * the changed things and the people by name. A few queries for the whole page (users, then one
 * per kind of thing), never one per entry.
 */
export async function readableAudit(db: Db, rows: readonly AuditRow[], ctx: AuditReadingContext): Promise<ReadableAuditEntry[]> {
  const userIds = new Set<string>();
  for (const r of rows) {
    const m = ACTOR_ID.exec(r.actor);
    if (m) userIds.add(m[2]);
    if (r.entity === 'user' && r.entityId) userIds.add(r.entityId);
    for (const side of [r.before, r.after])
      for (const f of USER_FIELDS) {
        const v = side?.[f];
        if (typeof v === 'string') userIds.add(v);
      }
  }
  const [byId, names] = await Promise.all([usersById(db, userIds), objectNames(db, rows)]);
  const c: ValueContext = { ...ctx, locale: intlLocale(ctx.lang), byId };
  return rows.map((r) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    when: formatDateTime(r.createdAt, c.locale, ctx.timeZone),
    actor: actorView(r.actor, byId, ctx.lang),
    action: r.action,
    what: translate(ctx.lang, auditActionKey(r.action), { defaultValue: r.action }),
    object: objectView(r, names, byId, ctx.lang),
    ...fieldsOf(r, c),
  }));
}

/** The audit log's filters, as the page's GET form gives them. */
export type AuditFilter = {
  /** One kind of thing (`order`, `product` …). */
  entity?: string;
  /** One thing, by its id (a user page's "whole log" link). */
  entityId?: string;
  /** One action (`order.refund` …). */
  action?: string;
  /** Who: `admin:<id>` or `user:<id>` for one person, `customers` for any customer, `system` for the shop itself. */
  actor?: string;
  /** The thing by text: an order code, a SKU or product name, a user's e-mail or name, a promo code. */
  q?: string;
  /** First and last calendar day (`YYYY-MM-DD`, the shop's zone), both included. */
  from?: string;
  to?: string;
};

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** At most this many matching things of a kind are looked for by a text search. */
const MATCH_LIMIT = 500;

/** The ids of the things whose code, SKU, name or e-mail contains `q`: one query per kind. */
async function idsMatching(db: Db, q: string): Promise<string[]> {
  const term = likeOf(q);
  const [o, p, u, pr] = await Promise.all([
    db.select({ id: orders.id }).from(orders).where(ilike(orders.code, term)).limit(MATCH_LIMIT),
    db
      .select({ id: products.id })
      .from(products)
      .where(or(ilike(products.sku, term), ilike(products.name, term)))
      .limit(MATCH_LIMIT),
    db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.email, term), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term)))
      .limit(MATCH_LIMIT),
    db.select({ id: promos.id }).from(promos).where(ilike(promos.code, term)).limit(MATCH_LIMIT),
  ]);
  return [...o, ...p, ...u, ...pr].map((r) => r.id);
}

/** The SQL conditions of a filter (an object search looks its things up first). */
async function conditions(db: Db, f: AuditFilter, timeZone: string): Promise<SQL[]> {
  const conds: SQL[] = [];
  if (f.entity) conds.push(eq(auditLog.entity, f.entity));
  if (f.entityId) conds.push(eq(auditLog.entityId, f.entityId));
  if (f.action) conds.push(eq(auditLog.action, f.action));
  if (f.actor === 'customers') conds.push(like(auditLog.actor, 'user:%'));
  else if (f.actor === 'system') conds.push(or(inArray(auditLog.actor, ['system', 'cli']), like(auditLog.actor, 'provider:%'))!);
  else if (f.actor) conds.push(eq(auditLog.actor, f.actor));
  const q = f.q?.trim();
  if (q) {
    const ids = await idsMatching(db, q);
    // an id pasted as it is, and a CSV import by its file's name, are found too
    const found = [eq(auditLog.entityId, q), ilike(sql`${auditLog.after}->>'file'`, likeOf(q))];
    if (ids.length) found.push(inArray(auditLog.entityId, ids));
    conds.push(or(...found)!);
  }
  if (f.from && isCalendarDay(f.from)) conds.push(gte(auditLog.createdAt, startOfDay(f.from, timeZone)));
  if (f.to && isCalendarDay(f.to)) conds.push(lt(auditLog.createdAt, startOfDay(nextDay(f.to), timeZone)));
  return conds;
}

/**
 * One page of the log, newest first, filtered by kind, action, person, thing and days.
 * @param timeZone the shop's zone: `from` and `to` are its calendar days.
 * @param page 1-based; `pageSize` entries a page.
 * @returns the page's rows and how many entries match.
 */
export async function searchAudit(db: Db, filter: AuditFilter, timeZone: string, page = 1, pageSize = 50): Promise<{ rows: AuditRow[]; total: number }> {
  return auditPage(db, await conditions(db, filter, timeZone), page, pageSize);
}

/**
 * The people the log's "who" filter offers: every admin who wrote to it (by name), once.
 * @returns `admin:<id>` with the name, sorted by name.
 */
export async function auditAdmins(db: Db, lang: string): Promise<{ actor: string; name: string }[]> {
  const rows = await db.selectDistinct({ actor: auditLog.actor }).from(auditLog).where(like(auditLog.actor, 'admin:%')).limit(200);
  const views = await describeActors(
    db,
    rows.map((r) => r.actor),
    lang,
  );
  return Object.entries(views)
    .map(([actor, v]) => ({ actor, name: v.email && v.kind === 'admin' ? `${v.name} (${v.email})` : v.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
