/** Returns and refunds — placeholder until its issue delivers this screen. */
import { Placeholder } from '../../components/Placeholder.tsx';

export const meta = () => [{ title: 'Returns and refunds · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Returns and refunds" />;
}
