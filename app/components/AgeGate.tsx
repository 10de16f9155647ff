/**
 * The age gate (specification sections 2 and 4): "Confirm you are over 18 years of age." with
 * the button "I am over 18.". It appears AGE_GATE_DELAY_MS (5 s) after the configuration has
 * loaded (the root loader's data is there once the page is hydrated) unless the visitor confirmed
 * within AGE_CONFIRMATION_VALIDITY_MS (1 h); confirming stores the time (epoch ms) in
 * localStorage under {@link AGE_CONFIRMED_KEY}. A courtesy, not the control: the date of birth
 * is checked at registration and checkout. Radix Dialog traps focus while it is open.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGE_CONFIRMATION_VALIDITY_MS, AGE_GATE_DELAY_MS } from '../constants.ts';

/** localStorage key holding the time of the last confirmation, epoch milliseconds. */
export const AGE_CONFIRMED_KEY = 'ageConfirmedAt';

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

export function AgeGate() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay age-overlay" />
        <Dialog.Content
          className="modal age-gate"
          data-testid="age-gate"
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <p className="eyebrow">18+</p>
          <Dialog.Title asChild>
            <h2>{t('ageGate.title')}</h2>
          </Dialog.Title>
          <Dialog.Description className="muted">{t('ageGate.text')}</Dialog.Description>
          <button type="button" className="btn" onClick={confirm} data-testid="age-confirm">
            {t('ageGate.confirm')}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
