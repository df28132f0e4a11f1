import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The challenge's link to send to friends: shown, selectable, and copied with one press. */
export function ShareLink({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation();
  const id = useId();
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
      <label htmlFor={id} className="share-link__label">
        {t('challenges.share.label')}
      </label>
      <div className="share-link__row">
        <input id={id} className="share-link__url" readOnly value={url} onFocus={(event) => event.target.select()} data-testid="challenge-link" />
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {t('challenges.share.copy')}
        </button>
      </div>
      <span role="status" className="muted share-link__status">
        {copied === 'yes' ? t('challenges.share.copied') : copied === 'no' ? t('challenges.share.copyFailed') : ''}
      </span>
    </div>
  );
}
