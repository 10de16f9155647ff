/**
 * Admin: custom box models (/admin/custombox). The boxes customers fill at /custombox: name (on
 * invoices and orders), capacity, price of the empty box, drawing or photo, offered or not, sort
 * order. Models are never deleted (carts and orders refer to them). Admin only (admin layout
 * loader, and this action re-checks); every change is audited (core/custom-box/service.ts).
 */
import { data, Form, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/custombox';
import { BOX_DRAWINGS } from '../../../core/custom-box/browser.ts';
import { listBoxModels, saveBoxModel } from '../../../core/custom-box/index.ts';
import { DomainError } from '../../../core/errors.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { translate, translateError, translateFields } from '../../i18n/resources.server.ts';
import { adminTitleMeta } from '../../lib/admin-meta.ts';

const chf = z
  .string()
  .refine((s) => parseChfInput(s) !== null, 'chfAmount')
  .transform((s) => parseChfInput(s)!);

const ModelForm = z.object({
  id: z
    .string()
    .max(64)
    .optional()
    .transform((v) => v || null),
  name: z.string().trim().min(1).max(80),
  capacity: z.coerce.number().int().min(5).max(100),
  price: chf,
  drawing: z.enum(BOX_DRAWINGS),
  image: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || null),
  active: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
  sort: z.coerce.number().int().min(-100000).max(100000),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const models = await listBoxModels(context.shop.db, { includeInactive: true });
  return {
    title: translate(context.lang, 'custombox:admin.title'),
    models: models.map((m) => ({
      id: m.id,
      name: m.name,
      capacity: m.capacity,
      price: m.price,
      drawing: m.drawing,
      image: m.image,
      active: m.active,
      sort: m.sort,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const r = parseForm(ModelForm, await request.formData(), context.lang);
  if (!r.ok) return data({ saved: false, id: r.values.id || 'new', fields: r.fields }, { status: 400 });
  const { id, ...input } = r.data;
  try {
    const row = await saveBoxModel(context.shop.db, admin.userId, id, input);
    return { saved: true, id: id ? row.id : 'new', fields: {} as Record<string, string> };
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return data(
      { saved: false, id: id || 'new', fields: e.opts.fields ? translateFields(context.lang, e.opts.fields) : { _: translateError(context.lang, e) } },
      { status: e.code === 'not_found' ? 404 : 400 },
    );
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Custom boxes');

type ModelValues = Route.ComponentProps['loaderData']['models'][number];

function ModelRow({ m, result }: { m: ModelValues | null; result?: { saved: boolean; id: string; fields: Record<string, string> } }) {
  const { t } = useTranslation('custombox');
  const key = m?.id ?? 'new';
  const mine = result?.id === key ? result : undefined;
  const f = mine?.fields ?? {};
  const busy = useNavigation().state === 'submitting';
  const id = (n: string) => `m-${key}-${n}`;
  const err = (n: string) =>
    f[n] ? (
      <p className="field-error" id={`${id(n)}-err`}>
        {f[n]}
      </p>
    ) : null;
  const inv = (n: string) => (f[n] ? { 'aria-invalid': true, 'aria-describedby': `${id(n)}-err` } : {});
  return (
    <Form method="post" className="summary" style={{ marginBottom: 16 }} aria-label={m ? m.name : t('admin.new')} data-testid="box-model-form">
      {m && <input type="hidden" name="id" value={m.id} />}
      <h2 style={{ fontSize: '1.2rem', marginTop: 0 }}>{m ? m.name : t('admin.new')}</h2>
      {mine?.saved && (
        <p className="form-success" role="status">
          {t('admin.saved')}
        </p>
      )}
      {mine && !mine.saved && (
        <p className="form-error" role="alert">
          {f._ ?? t('admin.error')}
        </p>
      )}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: '0 16px', alignItems: 'end' }}>
        <div className="field">
          <label htmlFor={id('name')}>{t('admin.name')}</label>
          <input id={id('name')} name="name" defaultValue={m?.name ?? ''} maxLength={80} required {...inv('name')} />
          {err('name')}
        </div>
        <div className="field">
          <label htmlFor={id('capacity')}>{t('admin.capacity')}</label>
          <input id={id('capacity')} name="capacity" type="number" min={5} max={100} defaultValue={m?.capacity ?? 10} required {...inv('capacity')} />
          {err('capacity')}
        </div>
        <div className="field">
          <label htmlFor={id('price')}>{t('admin.price')}</label>
          <input id={id('price')} name="price" inputMode="decimal" defaultValue={m ? rappenToDecimalString(m.price) : ''} required {...inv('price')} />
          {err('price')}
        </div>
        <div className="field">
          <label htmlFor={id('drawing')}>{t('admin.drawing')}</label>
          <select id={id('drawing')} name="drawing" defaultValue={m?.drawing ?? 'cedar'}>
            {BOX_DRAWINGS.map((d) => (
              <option key={d} value={d}>
                {t(`drawing.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={id('image')}>{t('admin.image')}</label>
          <input id={id('image')} name="image" defaultValue={m?.image ?? ''} placeholder="/images/box.webp" {...inv('image')} />
          {err('image')}
        </div>
        <div className="field">
          <label htmlFor={id('sort')}>{t('admin.sort')}</label>
          <input id={id('sort')} name="sort" type="number" defaultValue={m?.sort ?? 50} {...inv('sort')} />
          {err('sort')}
        </div>
      </div>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <label htmlFor={id('active')} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input id={id('active')} name="active" type="checkbox" defaultChecked={m?.active ?? true} style={{ width: 'auto', minHeight: 0 }} />
          {t('admin.active')}
        </label>
        <button type="submit" className="btn btn-small" disabled={busy}>
          {m ? t('admin.save') : t('admin.add')}
        </button>
      </div>
    </Form>
  );
}

export default function AdminCustomBox({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('custombox');
  return (
    <div>
      <h1>{t('admin.title')}</h1>
      <p className="card-meta">{t('admin.intro')}</p>
      {loaderData.models.map((m) => (
        <ModelRow key={`${m.id}-${m.price}-${m.capacity}-${m.active}-${m.sort}-${m.name}`} m={m} result={actionData} />
      ))}
      <ModelRow key={actionData?.saved && actionData.id === 'new' ? `new-${loaderData.models.length}` : 'new'} m={null} result={actionData} />
    </div>
  );
}
