/** The strength of a cigar drawn as a five-step scale, with the value as text for everyone. */
import { useFixedT } from '../i18n/useFixedT.ts';

const LEVELS = ['Mild', 'Mild-Medium', 'Medium', 'Medium-Full-bodied', 'Full-bodied'] as const;

export function StrengthScale({ strength }: { strength: string | null }) {
  const { t } = useFixedT('catalogue');
  if (!strength) return null;
  const level = LEVELS.indexOf(strength as (typeof LEVELS)[number]) + 1;
  const label = t(`strength.${strength}`, { defaultValue: strength });
  return (
    <span className="strength" title={label}>
      <span className="strength-dots" aria-hidden="true">
        {LEVELS.map((l, i) => (
          <span key={l} className={i < level ? 'on' : undefined} />
        ))}
      </span>
      <span>{label}</span>
    </span>
  );
}
