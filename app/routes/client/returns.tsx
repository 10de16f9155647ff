/** Returns and refunds: within 7 days of receipt, only for damaged or wrongly delivered goods (docs/product.md §1 and §9). */
import type { Route } from './+types/returns';
import { infoPageMeta, infoPageRoute } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'returns', '/client/returns');
}

export const meta: Route.MetaFunction = infoPageMeta;

export default infoPageRoute('page-returns');
