/** The read-me page (/readme): how to use the shop. */
import type { Route } from './+types/readme';
import { infoPageMeta, infoPageRoute } from '../components/InfoPage.tsx';
import { loadInfoPage } from '../lib/info-page.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'readme', '/readme');
}

export const meta: Route.MetaFunction = infoPageMeta;

export default infoPageRoute('page-readme');
