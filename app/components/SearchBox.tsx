/**
 * Live search in the navbar (specification section 2; issue 2, item 5): a toggled panel; typing
 * searches (debounced, only for a non-empty query); each result shows name and packaging and
 * opens the product detail; closing clears query and results. Without JavaScript the form
 * submits to the product list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../constants.ts';
import { useUiState } from './ui-state.tsx';
import { packagingLabel } from '../../core/catalogue/packaging.ts';

type Hit = { _id: string; name: string; packaging: string };

export function SearchBox() {
  const { t, i18n } = useTranslation();
  const { notify } = useUiState();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Hit[]>([]);
  const [state, setState] = useState<'idle' | 'loading' | 'done'>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();

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

  function close() {
    setOpen(false);
    setQuery('');
    setResults([]);
    setState('idle');
  }

  /** The query as typed; an empty one clears the results at once (no search for it). */
  function typeQuery(value: string) {
    setQuery(value);
    if (!value.trim()) {
      setResults([]);
      setState('idle');
    }
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Escape closes the open panel, wherever the focus is.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      setQuery('');
      setResults([]);
      setState('idle');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="search">
      <button
        type="button"
        className="icon-btn"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('search.close') : t('search.open')}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid="search-toggle"
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className="search-panel" id={panelId}>
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
      )}
    </div>
  );
}
