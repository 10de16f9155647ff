/**
 * Live search in the navbar (docs/product.md §2): a toggled panel (a
 * `<details>`, so the icon opens it before the page's scripts run); typing searches (debounced,
 * only for a non-empty query); each result shows name and packaging and opens the product detail;
 * closing clears query and results. Without JavaScript the form submits to the product list.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../constants.ts';
import { useUiState } from './ui-state.tsx';
import { packagingLabel } from '../../core/catalogue/browser.ts';
import { LineIcon } from './LineIcon.tsx';

type Hit = { _id: string; name: string; packaging: string };

export function SearchBox() {
  const { t, i18n } = useTranslation();
  const { notify } = useUiState();
  const [open, setOpenState] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Hit[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  // a fixed id (one search box a page): the header is also rendered on its own
  // (app/personal-header.server.tsx), where useId would give another id than the whole page's
  const panelId = 'search-panel';

  useEffect(() => {
    const q = query.trim();
    if (!q) return; // emptied: typeQuery() has cleared the results
    const ctrl = new AbortController();
    const timer = setTimeout(async () => {
      setState('loading');
      try {
        const res = await fetch(`/api/product/searchProducts?lang=${i18n.language}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ searchOptions: { searchName: q } }),
          signal: ctrl.signal,
        });
        const body = (await res.json()) as { products?: Hit[]; message?: string };
        if (!res.ok) {
          notify(body.message ?? t('searchFailed'));
          setResults([]);
        } else setResults(body.products ?? []);
        setState('done');
      } catch (e) {
        if ((e as Error).name !== 'AbortError') {
          notify(t('searchFailed'));
          setState('done');
        }
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, i18n.language, notify, t]);

  /** Clears the query and the results (the panel has closed). */
  function clear() {
    setQuery('');
    setResults([]);
    setState('idle');
  }

  function close() {
    if (details.current) details.current.open = false;
    setOpenState(false);
    clear();
  }

  // opened, and perhaps typed into, before the page's scripts ran (a `<details>` needs none):
  // hydration keeps the field's text, the state takes it over and searches it
  useEffect(() => {
    if (!details.current?.open) return;
    setOpenState(true);
    const typed = inputRef.current?.value ?? '';
    if (typed.trim()) setQuery(typed);
  }, []);

  /** The query as typed; an empty one clears the results at once (no search for it). */
  function typeQuery(value: string) {
    setQuery(value);
    if (!value.trim()) {
      setResults([]);
      setState('idle');
    }
  }

  // Escape closes the open panel, wherever the focus is.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (details.current) details.current.open = false;
      setOpenState(false);
      clear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <details
      className="search"
      ref={details}
      // a tap on the icon opens and closes it natively, with or without scripts; the early
      // script (app/lib/early-controls.ts) focuses the field before hydration, this after
      data-early-focus=""
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpenState(isOpen);
        if (isOpen) inputRef.current?.focus();
        else clear();
      }}
    >
      <summary className="icon-btn" aria-label={open ? t('search.close') : t('search.open')} data-testid="search-toggle">
        <LineIcon weight={2}>
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </LineIcon>
      </summary>
      <div className="search-panel" id={panelId}>
        {/* before the scripts ran, Enter shows the product list's results for the query */}
        <form role="search" action="/client/products" method="get" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={`${panelId}-q`} className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            ref={inputRef}
            id={`${panelId}-q`}
            name="q"
            type="search"
            autoComplete="off"
            placeholder={t('search.placeholder')}
            value={query}
            onChange={(e) => typeQuery(e.target.value)}
            data-testid="search-input"
          />
        </form>
        <div aria-live="polite">
          {state === 'loading' && <p className="search-state">{t('search.searching')}</p>}
          {state === 'done' && results.length === 0 && <p className="search-state">{t('search.noResults')}</p>}
        </div>
        {results.length > 0 && (
          <ul className="search-results" data-testid="search-results">
            {results.map((r) => (
              <li key={r._id}>
                <Link to={`/productdetail?id=${encodeURIComponent(r._id)}`} onClick={close}>
                  <span>{r.name}</span>
                  <span className="packaging">{packagingLabel(r.packaging, t)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
