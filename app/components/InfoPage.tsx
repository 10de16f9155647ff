/** An information page (privacy, terms, returns, shipping, about, read-me): title, intro, sections. */
import type { LegalPage } from '../i18n/legal.server.ts';

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
