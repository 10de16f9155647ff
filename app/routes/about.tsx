/**
 * About us / our history / our commitment (/about). The specification keeps the template's
 * demonstration texts (intro, dynamic route demo, greeting with a name) on this sample page:
 * they appear in a small section at the end (`?name=` greets by name, `?value=` feeds the demo).
 */
import type { Route } from './+types/about';
import { InfoPage, infoPageMeta } from '../components/InfoPage.tsx';
import { serverI18n } from '../../core/i18n/index.ts';
import { loadInfoPage } from '../lib/info-page.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const clip = (v: string | null, d: string) => (v ?? '').trim().slice(0, 40) || d;
  const t = serverI18n(context.lang).getFixedT(context.lang, 'legal');
  const base = await loadInfoPage(context, 'about', '/about');
  return {
    ...base,
    demo: {
      title: t('about.demo.title'),
      intro: t('about.demo.intro'),
      dynamic: t('about.demo.dynamic', { value: clip(url.searchParams.get('value'), 'about') }),
      greeting: t('about.demo.greeting', { name: clip(url.searchParams.get('name'), 'Aficionado') }),
    },
  };
}

export const meta: Route.MetaFunction = infoPageMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { demo } = loaderData;
  return (
    <InfoPage page={loaderData.page} testId="page-about">
      <section className="callout" aria-labelledby="demo-h" data-testid="about-demo">
        <h2 id="demo-h" className="h3" style={{ fontSize: '1.3rem', marginTop: 0 }}>
          {demo.title}
        </h2>
        <p>{demo.intro}</p>
        <p>{demo.dynamic}</p>
        <p>{demo.greeting}</p>
      </section>
    </InfoPage>
  );
}
