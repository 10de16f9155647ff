/**
 * Native building blocks of the layout's overlays (no dialog or menu library in the
 * page's JavaScript): {@link ModalDialog}, a modal `<dialog>` (age gate, side cart, mobile menu),
 * and {@link useDisclosure}, a `<details>` showing and hiding a panel (user menu, language picker).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The keyboard-focusable elements inside `root`, in document order (visible ones only). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

type ModalDialogProps = {
  /** Whether the dialog is shown (`showModal()`); false closes it. */
  open: boolean;
  /** Called when the visitor closes it (Escape, backdrop click, a `<form method="dialog">`). */
  onClose?: () => void;
  /**
   * Called once, after hydration, when the dialog is already open although `open` is false: its
   * button opened it natively (`command="show-modal"`, {@link dialogCommand}) before the page's
   * scripts ran. The owner sets `open` so that React keeps it open.
   */
  onOpen?: () => void;
  id?: string;
  /** False for a dialog that only its own button may close (Escape and backdrop do nothing). */
  dismissible?: boolean;
  /** The id of the element naming the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  'data-testid'?: string;
  /** Element to focus when it opens; by default the first focusable element inside. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
};

/**
 * A modal `<dialog>` opened with `showModal()`: the rest of the page is inert, Tab cycles inside
 * it, Escape and a click on the backdrop close it (unless `dismissible` is false), and focus
 * returns to the element that had it before (the trigger) when it closes.
 */
export function ModalDialog({
  open,
  onClose,
  onOpen,
  dismissible = true,
  labelledBy,
  describedBy,
  className,
  initialFocus,
  children,
  ...rest
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // opened natively before hydration: kept open until the owner's `open` follows
  const adopting = useRef(false);
  useEffect(() => {
    if (ref.current?.open && onOpen) {
      adopting.current = true;
      onOpen();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open) adopting.current = false;
    if (open && !el.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      el.showModal();
      (initialFocus?.current ?? focusables(el)[0])?.focus();
    } else if (!open && el.open && !adopting.current) {
      el.close();
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const el = ref.current;
    return () => {
      if (el?.open) el.close();
    };
  }, []);

  function onCancel(e: React.SyntheticEvent<HTMLDialogElement>) {
    if (!dismissible) e.preventDefault();
  }

  function onCloseEvent(e: React.SyntheticEvent<HTMLDialogElement>) {
    // a browser may close even a dialog whose Escape was refused: show it again
    if (!dismissible && open) {
      e.currentTarget.showModal();
      return;
    }
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back?.isConnected) back.focus();
    if (open) onClose?.();
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLDialogElement>) {
    if (e.key === 'Escape' && !dismissible) {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Tab') return;
    // keep Tab inside the dialog (the browser would otherwise move on to its own toolbar)
    const items = focusables(e.currentTarget);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    } else if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    }
  }

  function onClick(e: React.MouseEvent<HTMLDialogElement>) {
    // a click on the backdrop targets the dialog itself, outside its box
    if (!dismissible || e.target !== e.currentTarget) return;
    const r = e.currentTarget.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) e.currentTarget.close();
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape, Tab and backdrop clicks of a modal dialog
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={onCancel}
      onClose={onCloseEvent}
      {...rest}
    >
      {children}
    </dialog>
  );
}

/**
 * The attributes that make a `<button>` open (`show-modal`) or close (`close`) the `<dialog>` with
 * id `dialogId` without any script (HTML invoker commands; app/lib/early-controls.ts does the same
 * in browsers without them until the page is hydrated). A React `onClick` on the same button
 * calls `preventDefault()` to handle the tap itself once the page is hydrated.
 */
export function dialogCommand(command: 'show-modal' | 'close', dialogId: string): Record<string, string> {
  return { command, commandfor: dialogId };
}

/**
 * A disclosure drawn as `<details>` and `<summary>`: it opens and closes without any script, so a
 * tap before the page's scripts ran is not lost (ADR 013); once hydrated, Escape closes it and
 * returns focus to the summary, a click outside or focus moving elsewhere closes it,
 * ArrowDown/ArrowUp (and Home/End) move between the panel's links and buttons, ArrowDown on the
 * summary opens it and focuses the first one. The `<details>` element is the source of truth
 * (`open` follows its `toggle` events; React never renders its `open` attribute, so hydration
 * keeps what the visitor opened). Spread `wrapperProps` on the `<details>`, `buttonProps` on its
 * `<summary>` and `panelProps` on the panel.
 * @param panelId the panel's id, fixed and unique in the page: the header's disclosures are also
 *   rendered on their own (app/personal-header.server.tsx), where `useId` would give other ids
 *   than the whole page's render that the browser hydrates.
 */
export function useDisclosure(panelId: string) {
  const [open, setOpenState] = useState(false);
  const details = useRef<HTMLDetailsElement | null>(null);
  const summary = useRef<HTMLElement | null>(null);
  const focusFirst = useRef(false);

  /** Opens or closes the `<details>` (its `toggle` event follows) and the state at once. */
  const setOpen = useCallback((next: boolean) => {
    const el = details.current;
    if (el && el.open !== next) el.open = next;
    setOpenState(next);
  }, []);

  // opened before the page's scripts ran
  useEffect(() => {
    if (details.current?.open) setOpenState(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current && details.current) {
      focusFirst.current = false;
      const panel = details.current.querySelector<HTMLElement>(`[id="${CSS.escape(panelId)}"]`);
      if (panel) focusables(panel)[0]?.focus();
    }
    const onPointerDown = (e: PointerEvent) => {
      if (details.current && !details.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, panelId, setOpen]);

  const close = useCallback(
    (refocus: boolean) => {
      setOpen(false);
      if (refocus) summary.current?.focus();
    },
    [setOpen],
  );

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const panel = details.current?.querySelector<HTMLElement>(`[id="${CSS.escape(panelId)}"]`);
    if (!panel) return;
    if (!open) {
      if (e.target === summary.current && e.key === 'ArrowDown') {
        e.preventDefault();
        focusFirst.current = true;
        setOpen(true);
      }
      return;
    }
    const items = focusables(panel);
    if (items.length === 0) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : e.key === 'ArrowDown' ? (at + 1) % items.length : (at <= 0 ? items.length : at) - 1;
    items[next]?.focus();
  }

  return {
    open,
    setOpen,
    close,
    wrapperProps: {
      ref: details,
      onToggle: (e: React.SyntheticEvent<HTMLDetailsElement>) => setOpenState(e.currentTarget.open),
      onKeyDown,
      onBlur: (e: React.FocusEvent) => {
        // focus left the summary and the panel (Tab past the last item): close
        if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      },
    },
    buttonProps: { ref: summary },
    panelProps: { id: panelId },
  };
}
