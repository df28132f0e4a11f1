import { PrivacyPolicyPage } from '../../features/legal/components/privacy-policy-page';
import { TermsOfServicePage } from '../../features/legal/components/terms-of-service-page';

export function PrivacyRoute() {
  return <PrivacyPolicyPage />;
}

export function TermsRoute() {
  return <TermsOfServicePage />;
}
