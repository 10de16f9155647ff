/**
 * Native building blocks of the layout's overlays (issue 11: no dialog or menu library in the
 * page's JavaScript): {@link ModalDialog}, a modal `<dialog>` (age gate, side cart, mobile menu),
 * and {@link useDisclosure}, a button that shows and hides a panel (user menu, language picker).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';

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
export function ModalDialog({ open, onClose, dismissible = true, labelledBy, describedBy, className, initialFocus, children, ...rest }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      el.showModal();
      (initialFocus?.current ?? focusables(el)[0])?.focus();
    } else if (!open && el.open) {
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
 * A disclosure: a button (`aria-expanded`, `aria-controls`) showing and hiding a panel. Escape
 * closes it and returns focus to the button; a click outside or focus moving elsewhere closes it;
 * ArrowDown/ArrowUp (and Home/End) move between the panel's links and buttons, ArrowDown on the
 * button opens it and focuses the first one. Spread `wrapperProps` on an element holding both,
 * `buttonProps` on the button and `panelProps` on the panel.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current && wrapper.current) {
      focusFirst.current = false;
      const panel = wrapper.current.querySelector<HTMLElement>(`[id="${CSS.escape(panelId)}"]`);
      if (panel) focusables(panel)[0]?.focus();
    }
    const onPointerDown = (e: PointerEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, panelId]);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const panel = wrapper.current?.querySelector<HTMLElement>(`[id="${CSS.escape(panelId)}"]`);
    if (!panel) return;
    if (!open) {
      if (e.target === button.current && e.key === 'ArrowDown') {
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
      ref: (el: HTMLElement | null) => {
        wrapper.current = el;
      },
      onKeyDown,
      onBlur: (e: React.FocusEvent) => {
        // focus left the button and the panel (Tab past the last item): close
        if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      },
    },
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((o) => !o),
    },
    panelProps: { id: panelId, hidden: !open },
  };
}
