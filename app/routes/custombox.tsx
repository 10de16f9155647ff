/** Custom box — placeholder until its issue delivers this screen. */
import { Placeholder } from '../components/Placeholder.tsx';

export const meta = () => [{ title: 'Custom box · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Custom box" />;
}
