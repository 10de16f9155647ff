/** Not-found page in the 404 layout, answered with HTTP status 404. */
import { data } from 'react-router';
import { siteName } from '../lib/meta.ts';
import type { Route } from './+types/undercontruction';
import { translate } from '../../core/i18n/index.ts';
import { NotFound } from '../components/NotFound.tsx';

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: translate(context.lang, 'common:notFound.title') }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'Not found'} · ${siteName()}` }, { name: 'robots', content: 'noindex' }];

export default function Page() {
  return <NotFound />;
}
