/** Terms and conditions — placeholder until its issue delivers this screen. */
import { Placeholder } from '../../components/Placeholder.tsx';

export const meta = () => [{ title: 'Terms and conditions · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Terms and conditions" />;
}
