/** Not-found page in the 404 layout, answered with HTTP status 404. */
import { data } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: 'Not found · Casa del Tabaco' }, { name: 'robots', content: 'noindex' }];

export default function Page() {
  return <NotFound />;
}
