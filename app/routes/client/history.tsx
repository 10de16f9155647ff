/** Order history — placeholder until its issue delivers this screen. */
import { Placeholder } from '../../components/Placeholder.tsx';

export const meta = () => [{ title: 'Order history · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Order history" />;
}
