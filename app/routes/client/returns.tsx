/** Returns and refunds: within 7 days of receipt, only for damaged or wrongly delivered goods (specification sections 1 and 9). */
import type { Route } from './+types/returns';
import { InfoPage } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';
import { pageMeta } from '../../lib/meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'returns', '/client/returns');
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta({ title: data.page.title, description: data.page.description, canonical: data.canonical }) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData.page} testId="page-returns" />;
}
