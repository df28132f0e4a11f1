import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The challenge's link to send to friends: shown, selectable, and copied with one press. */
export function ShareLink({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const url = `${window.location.origin}${window.location.pathname}#/challenge/${encodeURIComponent(challengeId)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="share-link">
      <label>
        <span>{t('challenges.share.label')}</span>
        <input readOnly value={url} onFocus={(event) => event.target.select()} data-testid="challenge-link" />
      </label>
      <button type="button" className="button button--small" onClick={() => void copy()}>
        {t('challenges.share.copy')}
      </button>
      <span role="status" className="muted">
        {copied === 'yes' ? t('challenges.share.copied') : copied === 'no' ? t('challenges.share.copyFailed') : ''}
      </span>
    </div>
  );
}
