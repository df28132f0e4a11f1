import './ad-slot.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../../../lib/api/client-config';
import { useSession } from '../../../lib/session/use-session';
import { AD_SCRIPT_DELAY_MS, type AdConsent, type AdPlacement, decideAd } from '../ad-rules';

const CONSENT_KEY = 'gt.adsConsent';
/** House ads take turns across the slots of one visit. */
let turns = 0;
/** The provider's script, added to the page once whatever the number of slots. */
let scriptAdded = false;

function readConsent(): AdConsent {
  try {
    const stored = localStorage.getItem(CONSENT_KEY);
    return stored === 'yes' || stored === 'no' ? stored : null;
  } catch {
    return null;
  }
}

function addProviderScript(scriptUrl: string): void {
  if (scriptAdded) return;
  scriptAdded = true;
  const script = document.createElement('script');
  script.src = scriptUrl;
  script.async = true;
  document.head.append(script);
}

/**
 * SPEC §1's ad slot (docs/ads.md), off unless the operator switched ads on. Placed only on the home view
 * and on a round's result, never during a round or over the map or the panorama.
 */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  const { t } = useTranslation();
  const ads = useClientConfig().data?.ads;
  const uid = useSession()?.user.uid ?? null;
  const [consent, setConsent] = useState<AdConsent>(readConsent);
  const [turn] = useState(() => turns++);
  const decision = decideAd(ads, uid, consent, turn);
  const scriptUrl = decision.show === 'provider' ? decision.scriptUrl : null;

  useEffect(() => {
    if (scriptUrl === null) return;
    const timer = setTimeout(() => addProviderScript(scriptUrl), Math.max(0, AD_SCRIPT_DELAY_MS - performance.now()));
    return () => clearTimeout(timer);
  }, [scriptUrl]);

  const answer = (value: 'yes' | 'no') => {
    try {
      localStorage.setItem(CONSENT_KEY, value);
    } catch {
      // Private browsing without storage: the answer holds for this page.
    }
    setConsent(value);
  };

  switch (decision.show) {
    case 'nothing':
      return null;
    case 'house':
      return (
        <aside className="ad-slot" aria-label={t('ads.label')} data-testid="ad-slot" data-placement={placement}>
          <span className="ad-slot__tag">{t('ads.tag')}</span>
          <a className="ad-slot__link" href={decision.ad.href} target="_blank" rel="sponsored noopener noreferrer">
            <img className="ad-slot__picture" src={decision.ad.image} alt={decision.ad.alt} loading="lazy" decoding="async" />
          </a>
        </aside>
      );
    case 'ask':
      return (
        <aside className="ad-slot ad-slot--consent" aria-label={t('ads.label')} data-testid="ad-consent" data-placement={placement}>
          <p>{t('ads.consent', { origin: ads?.mode === 'external' ? new URL(ads.scriptUrl).origin : '' })}</p>
          <div className="ad-slot__choices">
            <button type="button" className="button button--small button--primary" onClick={() => answer('yes')}>
              {t('ads.allow')}
            </button>
            <button type="button" className="button button--small" onClick={() => answer('no')}>
              {t('ads.decline')}
            </button>
          </div>
        </aside>
      );
    case 'provider':
      return (
        <aside className="ad-slot" aria-label={t('ads.label')} data-testid="ad-slot" data-placement={placement}>
          <span className="ad-slot__tag">{t('ads.tag')}</span>
          {/* The provider's script fills the element that names its slot. */}
          <div className="ad-slot__provider" data-ad-slot={placement} />
        </aside>
      );
  }
}
