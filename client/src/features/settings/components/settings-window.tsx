import { CHALLENGE_LIMITS } from '@globetrail/contracts';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { ModalWindow } from '../../../components/modal-window';
import { MovementField, RoundTimeField } from '../../../components/round-settings-fields';
import { useClientConfig } from '../../../lib/api/client-config';
import { mapTypeAtom, milesCheckedAtom, soloRulesAtom, straightLinesAtom } from '../../../lib/settings/settings-atoms';

/** Single-player round times: none, or 30 s to 5 minutes (Blink needs a wall before each round: challenges have it). */
const SOLO_ROUND_TIMES = [-1, 30, 60, 120, 180, 300] as const;

export function SettingsWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [miles, setMiles] = useAtom(milesCheckedAtom);
  const [straightLines, setStraightLines] = useAtom(straightLinesAtom);
  const [mapType, setMapType] = useAtom(mapTypeAtom);
  const online = useClientConfig().data?.onlineMapStyleUrl != null;
  const [soloRules, setSoloRules] = useAtom(soloRulesAtom);
  const ids = { miles: useId(), lines: useId(), mapType: useId(), gat: useId() };
  const mapTypes = [t('map.types.light'), t('map.types.dark'), online ? t('map.types.online') : t('map.types.satellite')];

  return (
    <ModalWindow title={t('settings.title')} onClose={onClose} testId="settings-window">
      <div className="settings">
        <div className="switch-row">
          <label htmlFor={ids.miles}>
            <span>{t('settings.miles')}</span>
            <span className="muted">{t('settings.milesHint')}</span>
          </label>
          <input id={ids.miles} type="checkbox" role="switch" checked={miles} onChange={(event) => setMiles(event.target.checked)} />
        </div>
        <div className="switch-row">
          <label htmlFor={ids.lines}>
            <span>{t('settings.straightLines')}</span>
            <span className="muted">{t('settings.straightLinesHint')}</span>
          </label>
          <input id={ids.lines} type="checkbox" role="switch" checked={straightLines} onChange={(event) => setStraightLines(event.target.checked)} />
        </div>
        <fieldset className="radio-group">
          <legend>{t('settings.mapType')}</legend>
          {mapTypes.map((name, index) => (
            <label key={name} className="radio-group__option">
              <input type="radio" name={ids.mapType} value={index} checked={mapType === index} onChange={() => setMapType(index)} />
              <span className={`map-swatch map-swatch--${index}`} aria-hidden="true" />
              <span>{name}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="settings__solo" data-testid="solo-rules">
          <legend>{t('settings.soloRules')}</legend>
          <p className="muted">{t('settings.soloRulesHint')}</p>
          <MovementField value={soloRules.movement} onChange={(movement) => setSoloRules({ ...soloRules, movement })} />
          <RoundTimeField value={soloRules.rl} onChange={(rl) => setSoloRules({ ...soloRules, rl })} times={SOLO_ROUND_TIMES} />
          {soloRules.rl > 0 && (
            <div className="switch-row">
              <label htmlFor={ids.gat}>
                <span>{t('challenges.form.gat')}</span>
                <span className="muted">{t('challenges.form.gatHint', { seconds: CHALLENGE_LIMITS.askForGuessMs / 1000 })}</span>
              </label>
              <input id={ids.gat} type="checkbox" role="switch" checked={soloRules.gat} onChange={(event) => setSoloRules({ ...soloRules, gat: event.target.checked })} />
            </div>
          )}
        </fieldset>
        <LanguageSelect showLabel className="settings__language" />
      </div>
    </ModalWindow>
  );
}
