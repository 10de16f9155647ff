/** Shipping and delivery: Switzerland, and Liechtenstein when the settings say so (ADR 014); shipping fee and free-delivery threshold from configuration. */
import type { Route } from './+types/shipping';
import { infoPageMeta, infoPageRoute } from '../../components/InfoPage.tsx';
import { loadInfoPage } from '../../lib/info-page.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context, 'shipping', '/client/shipping');
}

export const meta: Route.MetaFunction = infoPageMeta;

export default infoPageRoute('page-shipping');
