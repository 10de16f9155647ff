/** Shipping and delivery — placeholder until its issue delivers this screen. */
import { Placeholder } from '../../components/Placeholder.tsx';

export const meta = () => [{ title: 'Shipping and delivery · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Shipping and delivery" />;
}
