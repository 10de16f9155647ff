/** Privacy policy (route name `policy`), written for the Swiss Federal Act on Data Protection (FADP). */
import type { Route } from './+types/privacypolicy';
import { infoPageMeta, infoPageRoute } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'policy', '/client/privacypolicy');
}

export const meta: Route.MetaFunction = infoPageMeta;

export default infoPageRoute('page-policy');
