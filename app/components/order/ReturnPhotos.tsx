/** The photos of a return request as small linked thumbnails (each opens the full photo), on the customer's and the admin's order pages. */
import { useTranslation } from 'react-i18next';

export function ReturnPhotos({ photos }: { photos: string[] }) {
  const { t } = useTranslation('checkout');
  if (photos.length === 0) return null;
  return (
    <p className="return-photos">
      {photos.map((src, i) => (
        <a key={src} href={src} target="_blank" rel="noopener">
          <img src={src} alt={t('returns.photoAlt', { n: i + 1 })} width={96} height={72} loading="lazy" />
        </a>
      ))}
    </p>
  );
}
