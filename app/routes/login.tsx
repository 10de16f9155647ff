/** Log in — placeholder until its issue delivers this screen. */
import { Placeholder } from '../components/Placeholder.tsx';

export const meta = () => [{ title: 'Log in · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Log in" />;
}
