import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The game's address (or another route's, `path`), to send to friends; Copy puts it on the clipboard (or
 * selects it to copy by hand).
 */
export function ShareLink({ gameId = '', path, label }: { gameId?: string; path?: string; label?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'manual' | null>(null);
  const address = `${window.location.origin}${window.location.pathname}#${path ?? `/game/${encodeURIComponent(gameId)}`}`;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 3_000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      // No clipboard permission (or an insecure origin): select the text so Ctrl+C copies it.
      inputRef.current?.select();
      setCopied('manual');
    }
  };

  return (
    <div className="share-link">
      <label htmlFor={id} className="share-link__label">
        {label ?? t('live.share.label')}
      </label>
      <div className="share-link__row">
        <input ref={inputRef} id={id} className="share-link__input" value={address} readOnly onFocus={(event) => event.currentTarget.select()} data-testid="share-link" />
        <button type="button" className="button" onClick={() => void copy()} data-testid="copy-link">
          {t('live.share.copy')}
        </button>
      </div>
      <p className="share-link__status muted" role="status">
        {copied === 'yes' ? t('live.share.copied') : copied === 'manual' ? t('live.share.copyManually') : ''}
      </p>
    </div>
  );
}
