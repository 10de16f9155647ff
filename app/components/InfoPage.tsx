/** An information page (privacy, terms, returns, shipping, about, read-me): title, intro, sections. */
import type { MetaDescriptor } from 'react-router';
import type { LegalPage } from '../i18n/legal.server.ts';
import { pageMeta } from '../lib/meta.ts';

export function InfoPage({ page, children, testId }: { page: LegalPage; children?: React.ReactNode; testId?: string }) {
  return (
    <article className="container" data-testid={testId}>
      <header className="page-head">
        <h1>{page.title}</h1>
        <p>{page.intro}</p>
        {page.updated && <p className="page-updated">{page.updated}</p>}
      </header>
      <div className="prose">
        {page.sections.map((s) => (
          <section key={s.h}>
            <h2>{s.h}</h2>
            {s.p?.map((para) => (
              <p key={para}>{para}</p>
            ))}
            {s.list && (
              <ul>
                {s.list.map((li) => (
                  <li key={li}>{li}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        {children}
      </div>
    </article>
  );
}

/** What `loadInfoPage` returns: the page in the visitor's language and its canonical URL. */
type InfoPageData = { page: LegalPage; canonical: string };

/** Route `meta` of an information page: its title, description and canonical URL. */
export function infoPageMeta({ data }: { data?: InfoPageData }): MetaDescriptor[] {
  return data ? pageMeta({ title: data.page.title, description: data.page.description, canonical: data.canonical }) : [];
}

/** Route component of an information page with nothing of its own below the sections. */
export function infoPageRoute(testId: string) {
  return function Page({ loaderData }: { loaderData: InfoPageData }) {
    return <InfoPage page={loaderData.page} testId={testId} />;
  };
}
