/** Step 1 of the custom box builder: the box models, each with a small drawing, its capacity and price. */
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format.ts';
import type { BoxBuilderData } from '../../lib/custom-box.server.ts';
import { BoxStep } from './BoxStep.tsx';

export function ModelStep({ models, chosen, onChoose }: { models: BoxBuilderData['models']; chosen: string | undefined; onChoose: (id: string) => void }) {
  const { t } = useTranslation('custombox');
  const { price } = useFormat();
  return (
    <BoxStep n={1} id="cb-boxID" title={t('chooseBox')}>
      <div className="cb-models">
        {models.map((m) => (
          <label key={m.id} className={`cb-model${m.id === chosen ? ' is-on' : ''}`} data-testid="box-model">
            <input type="radio" name="boxID" value={m.id} checked={m.id === chosen} onChange={() => onChoose(m.id)} />
            <BoxIcon drawing={m.drawing} />
            <span className="cb-model-name">{t(`drawing.${m.drawing}`)}</span>
            <span className="cb-model-cap">{t('holds', { count: m.capacity })}</span>
            <span className="price">{price(m.price)}</span>
          </label>
        ))}
      </div>
    </BoxStep>
  );
}

/** A small drawing of a closed box in its model's wood (the model choice). */
function BoxIcon({ drawing }: { drawing: string }) {
  const c = { cedar: ['#9a5b32', '#c98f5d'], mahogany: ['#5e2218', '#8c3b28'], ebony: ['#1d1714', '#3a2e27'], leather: ['#6b3f22', '#a8764a'] }[drawing] ?? [
    '#9a5b32',
    '#c98f5d',
  ];
  return (
    <svg viewBox="0 0 80 50" width="80" height="50" aria-hidden="true" className="cb-model-icon">
      <rect x="4" y="14" width="72" height="32" rx="4" fill={c[0]} />
      <rect x="2" y="6" width="76" height="12" rx="3" fill={c[1]} />
      <rect x="32" y="22" width="16" height="8" rx="1" fill="#c9a24a" />
    </svg>
  );
}
