/** Read me — placeholder until its issue delivers this screen. */
import { Placeholder } from '../components/Placeholder.tsx';

export const meta = () => [{ title: 'Read me · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Read me" />;
}
