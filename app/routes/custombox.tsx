/**
 * The custom box builder (/custombox; docs/product.md §1, §4, §5, §9). The customer picks
 * a box model, at least 5 different single cigars (a search by name or brand, filters by brand,
 * strength and vitola, one page of the list at a time, + / − per variety, a live count against the
 * capacity, the running price), a gift card or engraving text, and presses Create: the box becomes
 * ONE line of the cart (core/custom-box).
 *
 * Works without JavaScript: it is one real form. The + / − buttons are submit buttons posting to
 * this route's action, which answers by echoing the form with the change; the search and the pager
 * submit the same form as a GET, so the list's page and the choices are query parameters the
 * loader reads (app/lib/custom-box.server.ts); Create validates on the server and shows the
 * errors. With JavaScript the same controls update the page at once and the preview is live.
 */
import { data, redirect } from 'react-router';
import type { Route } from './+types/custombox';
import { createBox } from '../../core/cart/index.ts';
import { Builder } from '../components/custombox/Builder.tsx';
import { emptyValues, readValues, type BoxFormResult } from '../lib/box-form.ts';
import { translate } from '../../core/i18n/index.ts';
import { boxBuilderData } from '../lib/custom-box.server.ts';
import { pageAction, readForm } from '../lib/page-action.server.ts';
import { pageMeta } from '../lib/meta.ts';
import '../styles/custombox.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    title: translate(context.lang, 'custombox:title'),
    description: translate(context.lang, 'custombox:metaDescription'),
    canonical: `${context.origin}/custombox`,
    ...(await boxBuilderData(context.shop.db, new URL(request.url).searchParams, context.lang)),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ title: data.title, description: data.description, canonical: data.canonical }) : []);

const MAX_FIELDS = 400;
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

type ActionResult = BoxFormResult;

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>({ values: emptyValues(''), error: translate(context.lang, 'custombox:invalidRequest') }, { status: 400 });
  }
  if ([...form.keys()].length > MAX_FIELDS)
    return data<ActionResult>({ values: emptyValues(''), error: translate(context.lang, 'custombox:invalidRequest') }, { status: 400 });
  // the form's own fields read with readForm; a refused read (a NUL character) is an invalid request
  let posted: { step: string; intent: string };
  try {
    posted = readForm(['step', 'intent'], form);
  } catch {
    return data<ActionResult>({ values: emptyValues(''), error: translate(context.lang, 'custombox:invalidRequest') }, { status: 400 });
  }
  const values = readValues(form);
  const step = posted.step.slice(0, 80);
  if (step) {
    // a + / − pressed without JavaScript: answer the form with the count changed
    const [op, id] = [step.slice(0, 3), step.slice(4)];
    const n = (values.qty[id] ?? 0) + (op === 'inc' ? 1 : -1);
    if (n > 0) values.qty[id] = Math.min(n, 100);
    else delete values.qty[id];
    return { values, status: translate(context.lang, 'custombox:updated') } satisfies ActionResult;
  }
  if (posted.intent !== 'create') return { values } satisfies ActionResult; // filter / refresh
  if (CONTROL.test(values.message))
    return data<ActionResult>({ values, error: translate(context.lang, 'custombox:invalidText'), field: 'message' }, { status: 400 });
  return pageAction(
    context,
    async () => {
      await createBox(
        context.shop.db,
        context.cartKey,
        {
          modelId: values.boxID,
          items: Object.entries(values.qty).map(([productId, count]) => ({ productId, count })),
          messageKind: values.messageKind,
          message: values.message,
        },
        context.auth?.userId ?? null,
      );
      return redirect('/shopcart?box=created');
    },
    // the page marks one field: the first the error names, else the box's contents
    { extra: (e): ActionResult => ({ values, field: Object.keys(e.opts.fields ?? {})[0] ?? 'items' }) },
  );
}

export default function CustomBox({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  // a new answer of the action (no JavaScript, or a server error) resets the state to it
  return <Builder key={JSON.stringify(actionData ?? null)} d={d} result={actionData as ActionResult | undefined} />;
}
