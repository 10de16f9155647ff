/** Terms and conditions (route name `terms`): 18+, prices incl. Swiss taxes, payment before processing, Swiss delivery, returns. */
import type { Route } from './+types/termsandconditions';
import { infoPageMeta, infoPageRoute } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'terms', '/client/termsandconditions');
}

export const meta: Route.MetaFunction = infoPageMeta;

export default infoPageRoute('page-terms');
