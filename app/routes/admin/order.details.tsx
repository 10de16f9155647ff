/** Order details — placeholder until its issue delivers this screen. */
import { Placeholder } from '../../components/Placeholder.tsx';

export const meta = () => [{ title: 'Order details · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Order details" />;
}
