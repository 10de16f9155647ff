/** A page whose screen is not built yet. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Placeholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="container">
      <h1>{title}</h1>
      <p className="empty">{t('underConstruction.text')}</p>
      <p>
        <Link to="/">{t('nav.home')}</Link>
      </p>
    </div>
  );
}
