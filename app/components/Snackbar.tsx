/** The snackbar: shows a message for 4 s (docs/product.md §4), announced to screen readers. */
import { useUiState } from './ui-state.tsx';

export function Snackbar() {
  const { snackbar } = useUiState();
  return (
    <div role="status" aria-live="polite" className="snackbar-region">
      {snackbar && (
        <div className="snackbar" data-testid="snackbar">
          {snackbar}
        </div>
      )}
    </div>
  );
}
