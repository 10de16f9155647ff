/**
 * Shared UI state of the default layout: the side cart's open state and the snackbar message
 * (docs/product.md §2 and §4). Timings come from app/constants.ts.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { SNACKBAR_MS } from '../constants.ts';

type UiState = {
  sideCartOpen: boolean;
  setSideCartOpen: (open: boolean) => void;
  snackbar: string | null;
  /** Shows a message in the snackbar for SNACKBAR_MS, then clears it. */
  notify: (message: string) => void;
};

const Ctx = createContext<UiState | null>(null);

export function UiStateProvider({ children }: { children: React.ReactNode }) {
  const [sideCartOpen, setSideCartOpen] = useState(false);
  const [snackbar, setSnackbar] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const notify = useCallback((message: string) => {
    setSnackbar(message);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setSnackbar(null), SNACKBAR_MS);
  }, []);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const value = useMemo(() => ({ sideCartOpen, setSideCartOpen, snackbar, notify }), [sideCartOpen, snackbar, notify]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useUiState(): UiState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useUiState outside UiStateProvider');
  return v;
}
