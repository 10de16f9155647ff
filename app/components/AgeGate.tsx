/**
 * The age gate (docs/product.md §2 and §4): "Confirm you are over 18 years of age." with
 * the button "I am over 18.". It appears AGE_GATE_DELAY_MS (5 s) after the configuration has
 * loaded (the root loader's data is there once the page is hydrated) unless the visitor confirmed
 * within AGE_CONFIRMATION_VALIDITY_MS (1 h); confirming stores the time (epoch ms) in
 * localStorage under {@link AGE_CONFIRMED_KEY}. A courtesy, not the control: the date of birth
 * is checked at registration and checkout. A modal `<dialog>`: the page behind is inert, Escape
 * and clicks outside do nothing, only the button closes it. Rendered only in the browser (nothing
 * in the server's markup, which cached anonymous pages share).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_CONFIRMATION_VALIDITY_MS, AGE_GATE_DELAY_MS } from '../constants.ts';
import { ModalDialog } from './dialog.tsx';

/** localStorage key holding the time of the last confirmation, epoch milliseconds. */
const AGE_CONFIRMED_KEY = 'ageConfirmedAt';

/** Whether an age confirmation stored at `storedMs` is still valid at `nowMs`. */
export function ageConfirmationValid(storedMs: number | null, nowMs: number): boolean {
  return storedMs !== null && Number.isFinite(storedMs) && nowMs - storedMs >= 0 && nowMs - storedMs < AGE_CONFIRMATION_VALIDITY_MS;
}

function readStored(): number | null {
  try {
    const v = window.localStorage.getItem(AGE_CONFIRMED_KEY);
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
}

/** The age gate: a blocking dialog shown after the delay until the visitor confirms being 18+. */
export function AgeGate() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const uid = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const id = setTimeout(() => {
      if (!ageConfirmationValid(readStored(), Date.now())) setOpen(true);
    }, AGE_GATE_DELAY_MS);
    return () => clearTimeout(id);
  }, []);
  function confirm() {
    try {
      window.localStorage.setItem(AGE_CONFIRMED_KEY, String(Date.now()));
    } catch {
      // storage disabled: the gate simply asks again next time
    }
    setOpen(false);
  }
  if (!open) return null;
  return (
    <ModalDialog
      open
      dismissible={false}
      labelledBy={`${uid}-title`}
      describedBy={`${uid}-text`}
      className="modal age-gate"
      data-testid="age-gate"
      initialFocus={confirmButton}
    >
      <p className="eyebrow">18+</p>
      <h2 id={`${uid}-title`}>{t('ageGate.title')}</h2>
      <p className="muted" id={`${uid}-text`}>
        {t('ageGate.text')}
      </p>
      <button type="button" className="btn" onClick={confirm} data-testid="age-confirm" ref={confirmButton}>
        {t('ageGate.confirm')}
      </button>
    </ModalDialog>
  );
}
