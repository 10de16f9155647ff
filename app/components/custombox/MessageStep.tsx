/** Step 3 of the custom box builder: a gift card or an engraving, and its text with the characters left. */
import { useTranslation } from 'react-i18next';
import { BOX_MESSAGE_KINDS, type BoxMessageKind } from '../../../core/custom-box/browser.ts';
import { BoxStep } from './BoxStep.tsx';

export function MessageStep({
  kind,
  message,
  limits,
  invalid,
  onKind,
  onMessage,
}: {
  kind: BoxMessageKind;
  message: string;
  /** The most characters of each kind of text. */
  limits: Record<BoxMessageKind, number>;
  invalid: boolean;
  onKind: (kind: BoxMessageKind) => void;
  onMessage: (text: string) => void;
}) {
  const { t } = useTranslation('custombox');
  const limit = limits[kind];
  return (
    <BoxStep n={3} id="cb-message" title={t('personalise')}>
      <div className="cb-kinds">
        {BOX_MESSAGE_KINDS.map((k) => (
          <label key={k} className="cb-kind">
            <input type="radio" name="messageKind" value={k} checked={kind === k} onChange={() => onKind(k)} />
            {t(`kind.${k}`)} <span className="card-meta">({t('upTo', { count: limits[k] })})</span>
          </label>
        ))}
      </div>
      <div className="field">
        <label htmlFor="cb-text">{t(`textLabel.${kind}`)}</label>
        <textarea
          id="cb-text"
          name="message"
          rows={kind === 'card' ? 3 : 1}
          maxLength={limit}
          value={message}
          aria-describedby="cb-text-count"
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => onMessage(e.target.value)}
          placeholder={t(`placeholder.${kind}`)}
        />
        <p id="cb-text-count" className={`card-meta${[...message].length > limit ? ' field-error' : ''}`}>
          {t('chars', { count: [...message].length, max: limit })}
        </p>
      </div>
    </BoxStep>
  );
}
