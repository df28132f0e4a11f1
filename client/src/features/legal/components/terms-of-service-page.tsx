import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';

export function TermsOfServicePage() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('legal.termsTitle')}
      updated={t('legal.updated', { date: t('legal.terms.date') })}
      intro={t('legal.terms.intro')}
      sections={t('legal.terms.sections', { returnObjects: true })}
      testId="terms-of-service"
    />
  );
}
