/** Shipping and delivery: Switzerland, and Liechtenstein when the settings say so (ADR 014); shipping fee and free-delivery threshold from configuration. */
import type { Route } from './+types/shipping';
import { InfoPage } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';
import { pageMeta } from '../../lib/meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'shipping', '/client/shipping');
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta({ title: data.page.title, description: data.page.description, canonical: data.canonical }) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData.page} testId="page-shipping" />;
}
