import './timeout-dialog.css';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format/use-formatters';

/**
 * SPEC §2's timeout-info-and-ask-for-guess: the round's time is up (or a Blink picture has hidden); the
 * player has the server's guess window to place a marker and send it. Not modal: the map stays usable.
 */
export function TimeoutDialog({ remainingMs, blink, hasGuess, onGuess }: { remainingMs: number; blink: boolean; hasGuess: boolean; onGuess: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <div className="timeout-dialog" role="alertdialog" aria-labelledby="timeout-title" aria-describedby="timeout-body" data-testid="timeout-dialog">
      <h2 id="timeout-title">{blink ? t('rounds.timeout.blinkTitle') : t('rounds.timeout.title')}</h2>
      <p id="timeout-body">{t('rounds.timeout.body', { time: format.seconds(remainingMs) })}</p>
      <button type="button" className="button button--primary" onClick={onGuess} disabled={!hasGuess}>
        {hasGuess ? t('game.guess') : t('game.placeMarkerFirst')}
      </button>
    </div>
  );
}
