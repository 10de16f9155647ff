/** Reset password — placeholder until its issue delivers this screen. */
import { Placeholder } from '../components/Placeholder.tsx';

export const meta = () => [{ title: 'Reset password · Casa del Tabaco' }];

export default function Page() {
  return <Placeholder title="Reset password" />;
}
