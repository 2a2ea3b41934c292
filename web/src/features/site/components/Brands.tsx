import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import './Brands.css';

/** The five client brands, static. */
const brands = [
  { name: 'Imychic', key: 'ecommerce' },
  { name: 'Alrissala', key: 'school' },
  { name: 'Cnoste', key: 'state' },
  { name: 'Almas', key: 'startup' },
  { name: 'Master TRD', key: 'import' },
] as const;

/** The brands strip with their categories, and a customer testimonial. */
export function Brands() {
  const { t } = useTranslation('site');
  return (
    <section className="section brands" aria-labelledby="brands-title">
      <div className="section__head">
        <h2 id="brands-title">{t('brands.title')}</h2>
        <p>{t('brands.subtitle')}</p>
      </div>
      <ul className="brands__list">
        {brands.map((b) => (
          <li key={b.name}>
            <span className="brands__name">{b.name}</span>
            <span className="brands__category">{t(`brands.categories.${b.key}`)}</span>
          </li>
        ))}
      </ul>
      <figure className="testimonial">
        <div className="testimonial__stars" role="img" aria-label={t('brands.rating')}>
          {Array.from({ length: 5 }, (_, i) => (
            <Icon key={i} name="Star" size={18} />
          ))}
        </div>
        <blockquote>
          <p>{t('brands.testimonial.quote')}</p>
        </blockquote>
        <figcaption>
          <strong>{t('brands.testimonial.author')}</strong>, {t('brands.testimonial.role')}
        </figcaption>
      </figure>
    </section>
  );
}
