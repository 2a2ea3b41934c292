import { useTranslation } from 'react-i18next';
import { AppointmentForm } from '../../booking';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ContactCards } from '../components/ContactCards';
import { useSeo } from '../hooks/useSeo';
import { useMaintenance } from '../SiteInfo';

/** Props of ContactPage. */
export interface ContactPageProps {
  /** `appointment` is /rendez-vous: the form first, the same cards beside it. */
  variant?: 'contact' | 'appointment';
}

/** /contact and /rendez-vous: the contact cards and the appointment form. */
export default function ContactPage({ variant = 'contact' }: ContactPageProps) {
  const { t } = useTranslation('site');
  const maintenance = useMaintenance();
  const key = variant === 'contact' ? 'contactPage' : 'appointmentPage';
  useSeo({ title: t(`seo.${key}.title`), description: t(`seo.${key}.description`) });
  return (
    <>
      <Breadcrumbs />
      <header className="page-head">
        <h1>{t(`${key}.title`)}</h1>
        <p>{t(`${key}.subtitle`)}</p>
      </header>
      {variant === 'contact' ? (
        <>
          <ContactCards level={2} />
          <section className="section" aria-labelledby="contact-form-title">
            <div className="section__head">
              <h2 id="contact-form-title">{t('contactPage.formTitle')}</h2>
            </div>
            <AppointmentForm disabled={maintenance} />
          </section>
        </>
      ) : (
        <div className="appointment-layout appointment-layout--form-first">
          <AppointmentForm disabled={maintenance} titleLevel={2} />
          <ContactCards level={2} />
        </div>
      )}
    </>
  );
}

/** /rendez-vous. */
export function AppointmentPage() {
  return <ContactPage variant="appointment" />;
}
