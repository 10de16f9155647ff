/** Confirm e-mail — placeholder until its issue delivers this screen. */
import { Placeholder } from '../components/Placeholder.tsx';

export const meta = () => [{ title: 'Confirm e-mail · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Confirm e-mail" />;
}
