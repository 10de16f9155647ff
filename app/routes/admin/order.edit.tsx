/**
 * Admin: change an order's status (/admin/order/edit?id=). Only the transitions the state machine
 * allows are offered (core/orders/status.ts); the change goes through the one transition function,
 * which refuses anything past `paid` for an order not fully paid and records who did it.
 */
import { data, Form, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Route } from './+types/order.edit';
import { requireAdmin } from '../../lib/auth.server.ts';
import { ORDER_STATUSES, TRANSITIONS, transitionRefusal } from '../../../core/orders/browser.ts';
import { adminTransition, findOrder } from '../../../core/orders/index.ts';
import { readForm } from '../../lib/page-action.server.ts';
import { adminPageAction } from '../../lib/admin-action.server.ts';
import { FormError, SelectField, SubmitButton, TextareaField } from '../../components/forms.tsx';
import { useFormat } from '../../lib/format.ts';
import { adminMeta } from '../../lib/admin-meta.ts';
import { MAX_ID_LENGTH } from '../../../core/validation.ts';
import { BackLink } from '../../components/BackLink.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const id = (new URL(request.url).searchParams.get('id') ?? '').slice(0, MAX_ID_LENGTH);
  if (!id) throw redirect('/admin/order/list');
  const order = id ? await findOrder(context.shop.db, id) : undefined;
  if (!order) throw data('Not found', { status: 404 });
  const next = TRANSITIONS[order.status].map((to) => ({ to, refusal: transitionRefusal(order.status, to, order.paidAmount, order.total) }));
  return { id: order.id, code: order.code, status: order.status, total: order.total, paidAmount: order.paidAmount, next };
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminMeta(matches, 'titles.orderEdit', { code: data?.code ?? '' });

/** The status form: the order, the status to move it to (one of the order statuses), an optional note. */
const StatusForm = z.object({
  id: z.string().max(64),
  to: z.enum(ORDER_STATUSES),
  note: z
    .string()
    .optional()
    .transform((n) => (n ?? '').trim().slice(0, 500) || undefined),
});

export async function action(args: Route.ActionArgs) {
  const { context } = args;
  return adminPageAction(args, async (admin, form) => {
    const { id, to, note } = readForm(StatusForm, form);
    await adminTransition(context.shop, id, to, admin.userId, note);
    return redirect(`/admin/order/details?id=${id}`);
  });
}

export default function AdminOrderEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { price } = useFormat();
  const d = loaderData;
  const allowed = d.next.filter((n) => !n.refusal);
  return (
    <div style={{ maxWidth: 560 }}>
      <BackLink to={`/admin/order/details?id=${d.id}`}>{t('details.title', { code: d.code })}</BackLink>
      <h1>{t('admin.changeStatus')}</h1>
      <p>
        {t('history.status')}: <span className={`status-badge status-${d.status}`}>{t(`status.${d.status}`)}</span> · {t('details.paid')} {price(d.paidAmount)}{' '}
        / {price(d.total)}
      </p>
      <FormError error={actionData?.error} />
      {allowed.length === 0 ? (
        <p className="card-meta">{t('admin.noTransition')}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="id" value={d.id} />
          <SelectField
            name="to"
            id="to"
            label={t('admin.newStatus')}
            error={actionData?.fields?.to}
            required
            defaultValue={allowed[0].to}
            options={allowed.map((n) => ({ value: n.to, label: t(`status.${n.to}`) }))}
          />
          <TextareaField name="note" id="note" label={t('admin.note')} error={actionData?.fields?.note} maxLength={500} style={{ minHeight: 80 }} />
          <SubmitButton>{t('admin.save')}</SubmitButton>
        </Form>
      )}
      {d.next.some((n) => n.refusal) && <p className="card-meta">{t('admin.needsFullPayment')}</p>}
    </div>
  );
}
