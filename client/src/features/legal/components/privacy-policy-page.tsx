import { useTranslation } from 'react-i18next';
import { LegalPage } from './legal-page';

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalPage
      title={t('legal.privacyTitle')}
      updated={t('legal.updated', { date: t('legal.privacy.date') })}
      intro={t('legal.privacy.intro')}
      sections={t('legal.privacy.sections', { returnObjects: true })}
      testId="privacy-policy"
    />
  );
}
