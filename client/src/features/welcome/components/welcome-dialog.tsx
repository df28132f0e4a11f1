import './welcome-dialog.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { GlobeMark } from '../../../components/icons';
import { LanguageSelect } from '../../../components/language-select';
import { ModalWindow } from '../../../components/modal-window';
import { AdSlot } from '../../ads/components/ad-slot';
import { useClientConfig } from '../../../lib/api/client-config';
import { useBrands } from '../../../lib/brand/use-brand';
import { useMediaQuery, WIDE_QUERY } from '../../../lib/hooks/use-media-query';
import { useWindowActions } from '../../../lib/layout/windows';

interface WelcomeDialogProps {
  onPlay: () => void;
  /** Escape or the close button: the player skips the introduction. */
  onDismiss: () => void;
  playPending: boolean;
  playError: string | null;
}

/** SPEC §2 welcome dialog; it closes only through Play or dismissal (never a backdrop click). */
export function WelcomeDialog({ onPlay, onDismiss, playPending, playError }: WelcomeDialogProps) {
  const { t } = useTranslation();
  const steps = t('welcome.howToPlaySteps', { returnObjects: true });
  const promises = t('welcome.promiseItems', { returnObjects: true });
  const { welcome, ads } = useClientConfig().data ?? {};
  const wide = useMediaQuery(WIDE_QUERY);
  const { sisterBrand } = useBrands();
  const { open } = useWindowActions();
  // SPEC §2: the desktop or mobile intro video, hidden if it fails to load (none is configured by default).
  const video = wide ? welcome?.videoDesktop : welcome?.videoMobile;
  const [videoFailed, setVideoFailed] = useState(false);

  return (
    <ModalWindow
      title={
        <span className="welcome__title">
          <GlobeMark size={30} />
          {t('app.name')}
        </span>
      }
      onClose={onDismiss}
      closeOnBackdrop={false}
      headerExtra={<LanguageSelect />}
      variant="wide"
      className="welcome"
      testId="welcome-dialog"
    >
      <p className="welcome__tagline">{t('welcome.tagline')}</p>
      <p className="welcome__intro">{t('welcome.intro')}</p>
      {video && !videoFailed && (
        <video
          key={video}
          className="welcome__video"
          src={video}
          autoPlay
          loop
          muted
          playsInline
          aria-label={t('welcome.videoLabel')}
          data-testid="welcome-video"
          onError={() => setVideoFailed(true)}
        />
      )}
      {playError && <ErrorMessage onRetry={onPlay}>{playError}</ErrorMessage>}
      <button type="button" className="button button--primary button--large welcome__play" onClick={onPlay} disabled={playPending} aria-busy={playPending || undefined} data-autofocus>
        {playPending && <span className="spinner spinner--small" aria-hidden="true" />}
        {t('welcome.play')}
      </button>
      <div className="welcome__long">
        <section>
          <h3>{t('welcome.howToPlayTitle')}</h3>
          <ol>
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section>
          <h3>{t('welcome.scoringTitle')}</h3>
          <p>{t('welcome.scoringText')}</p>
        </section>
        <section>
          <h3>{t('welcome.promiseTitle')}</h3>
          <ul>
            {promises.map((item) => (
              <li key={item}>{item}</li>
            ))}
            {/* Promised only while it holds: an operator may switch ads on (docs/ads.md). */}
            {ads?.mode === 'off' && <li>{t('welcome.promiseNoAds')}</li>}
          </ul>
        </section>
        <section>
          <h3>{t('welcome.accountsTitle')}</h3>
          <p>{t('welcome.accountsText')}</p>
        </section>
      </div>
      <p className="welcome__guide">
        {welcome?.guideUrl ? (
          <a href={welcome.guideUrl} target="_blank" rel="noopener noreferrer">
            {t('welcome.guide')}
          </a>
        ) : (
          <button type="button" className="link-button" onClick={() => open({ kind: 'faq' })}>
            {t('welcome.guide')}
          </button>
        )}
      </p>
      <AdSlot placement="home" />
      <footer className="welcome__footer">
        <Link to="/termsofservice">{t('legal.termsTitle')}</Link>
        <span aria-hidden="true">·</span>
        <Link to="/privacypolicy">{t('legal.privacyTitle')}</Link>
        {sisterBrand?.url && (
          <>
            <span aria-hidden="true">·</span>
            <a href={sisterBrand.url} rel="noopener">
              {t('menu.sisterBrand', { name: sisterBrand.name })}
            </a>
          </>
        )}
      </footer>
    </ModalWindow>
  );
}
