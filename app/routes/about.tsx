/** About us — placeholder until its issue delivers this screen. */
import { Placeholder } from '../components/Placeholder.tsx';

export const meta = () => [{ title: 'About us · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="About us" />;
}
