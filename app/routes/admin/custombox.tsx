/**
 * Admin: custom box models (/admin/custombox). The boxes customers fill at /custombox: name (on
 * invoices and orders), capacity, price of the empty box, drawing or photo, offered or not, sort
 * order. Models are never deleted (carts and orders refer to them). Admin only (admin layout
 * loader, and this action re-checks); every change is audited (core/custom-box/service.ts).
 */
import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/custombox';
import { BOX_DRAWINGS, MIN_VARIETIES } from '../../../core/custom-box/browser.ts';
import { listBoxModels, saveBoxModel } from '../../../core/custom-box/index.ts';
import { parseChfInput, rappenToDecimalString } from '../../../core/pricing/browser.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { requireAdmin } from '../../lib/auth.server.ts';
import { pageAction, readForm } from '../../lib/page-action.server.ts';
import { translate } from '../../../core/i18n/index.ts';
import { CheckboxField, Field, FormError, FormSuccess, SelectField, SubmitButton } from '../../components/forms.tsx';
import { adminTitleMeta } from '../../lib/admin-meta.ts';

const chf = z
  .string()
  .refine((s) => parseChfInput(s) !== null, 'chfAmount')
  .transform((s) => parseChfInput(s)!);

const ModelForm = z.object({
  id: z
    .string()
    .max(MAX_ID_LENGTH)
    .optional()
    .transform((v) => v || null),
  name: z.string().trim().min(1).max(80),
  capacity: z.coerce.number().int().min(MIN_VARIETIES).max(100),
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
  const form = await request.formData();
  // the posted model, read before its fields are checked: the answer marks that model's form
  let posted = '';
  return pageAction(
    context,
    async () => {
      posted = readForm(['id'], form).id.slice(0, MAX_ID_LENGTH);
      const { id, ...input } = readForm(ModelForm, form);
      const row = await saveBoxModel(context.shop.db, admin.userId, id, input);
      return { saved: true, id: id ? row.id : 'new', fields: {} as Record<string, string> };
    },
    {
      // the form names the marked fields in its own words
      message: (e) => (e.opts.key === 'invalidInput' ? translate(context.lang, 'custombox:admin.error') : undefined),
      extra: () => ({ saved: false, id: posted || 'new' }),
    },
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminTitleMeta(matches, data?.title ?? 'Custom boxes');

type ModelValues = Route.ComponentProps['loaderData']['models'][number];

function ModelRow({ m, result }: { m: ModelValues | null; result?: { saved: boolean; id: string; fields: Record<string, string>; error?: string } }) {
  const { t } = useTranslation('custombox');
  const key = m?.id ?? 'new';
  const mine = result?.id === key ? result : undefined;
  const f = mine?.fields ?? {};
  // one form per model on the page: ids carry the model
  const field = (name: string) => ({ name, id: `m-${key}-${name}`, error: f[name] });
  return (
    <Form method="post" className="summary" style={{ marginBottom: 16 }} aria-label={m ? m.name : t('admin.new')} data-testid="box-model-form">
      {m && <input type="hidden" name="id" value={m.id} />}
      <h2 style={{ fontSize: '1.2rem', marginTop: 0 }}>{m ? m.name : t('admin.new')}</h2>
      {mine?.saved && <FormSuccess message={t('admin.saved')} />}
      {mine && !mine.saved && <FormError error={mine.error ?? t('admin.error')} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: '0 16px', alignItems: 'end' }}>
        <Field {...field('name')} label={t('admin.name')} defaultValue={m?.name ?? ''} maxLength={80} required />
        <Field {...field('capacity')} label={t('admin.capacity')} type="number" min={5} max={100} defaultValue={m?.capacity ?? 10} required />
        <Field {...field('price')} label={t('admin.price')} inputMode="decimal" defaultValue={m ? rappenToDecimalString(m.price) : ''} required />
        <SelectField
          {...field('drawing')}
          label={t('admin.drawing')}
          defaultValue={m?.drawing ?? 'cedar'}
          options={BOX_DRAWINGS.map((d) => ({ value: d, label: t(`drawing.${d}`) }))}
        />
        <Field {...field('image')} label={t('admin.image')} defaultValue={m?.image ?? ''} placeholder="/images/box.webp" />
        <Field {...field('sort')} label={t('admin.sort')} type="number" defaultValue={m?.sort ?? 50} />
      </div>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <CheckboxField {...field('active')} label={t('admin.active')} defaultChecked={m?.active ?? true} className="" />
        <SubmitButton className="btn btn-small">{m ? t('admin.save') : t('admin.add')}</SubmitButton>
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
