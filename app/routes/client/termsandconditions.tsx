/** Terms and conditions (route name `terms`): 18+, prices incl. Swiss taxes, payment before processing, Swiss delivery, returns. */
import type { Route } from './+types/termsandconditions';
import { InfoPage } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';
import { pageMeta } from '../../lib/meta.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'terms', '/client/termsandconditions');
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta({ title: data.page.title, description: data.page.description, canonical: data.canonical }) : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData.page} testId="page-terms" />;
}
