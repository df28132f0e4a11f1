import { CHALLENGE_LIMITS } from '@globetrail/contracts';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { ModalWindow } from '../../../components/modal-window';
import { MovementField, RoundTimeField } from '../../../components/round-settings-fields';
import { useClientConfig } from '../../../lib/api/client-config';
import { effectsAtom, mapTypeAtom, milesCheckedAtom, musicAtom, showRingsAtom, soloRulesAtom, straightLinesAtom } from '../../../lib/settings/settings-atoms';
import { useShowStreetName } from '../../../lib/settings/use-show-street-name';

/** Single-player round times: none, or 30 s to 5 minutes (Blink needs a wall before each round: challenges have it). */
const SOLO_ROUND_TIMES = [-1, 30, 60, 120, 180, 300] as const;

export function SettingsWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [miles, setMiles] = useAtom(milesCheckedAtom);
  const [straightLines, setStraightLines] = useAtom(straightLinesAtom);
  const [effects, setEffects] = useAtom(effectsAtom);
  const [music, setMusic] = useAtom(musicAtom);
  const [showRings, setShowRings] = useAtom(showRingsAtom);
  const [showStreetName, setShowStreetName] = useShowStreetName();
  const [mapType, setMapType] = useAtom(mapTypeAtom);
  const online = useClientConfig().data?.onlineMapStyleUrl != null;
  const [soloRules, setSoloRules] = useAtom(soloRulesAtom);
  const mapTypeName = useId();
  const mapTypes = [t('map.types.light'), t('map.types.dark'), online ? t('map.types.online') : t('map.types.satellite')];

  return (
    <ModalWindow title={t('settings.title')} onClose={onClose} testId="settings-window">
      <div className="settings">
        <SettingSwitch label={t('settings.miles')} hint={t('settings.milesHint')} checked={miles} onChange={setMiles} testId="setting-miles" />
        <SettingSwitch label={t('settings.effects')} hint={t('settings.effectsHint')} checked={effects} onChange={setEffects} testId="setting-effects" />
        <SettingSwitch label={t('settings.music')} hint={t('settings.musicHint')} checked={music} onChange={setMusic} testId="setting-music" />
        <SettingSwitch label={t('settings.streetNames')} hint={t('settings.streetNamesHint')} checked={showStreetName} onChange={setShowStreetName} testId="setting-street-names" />
        <SettingSwitch label={t('settings.straightLines')} hint={t('settings.straightLinesHint')} checked={straightLines} onChange={setStraightLines} testId="setting-straight-lines" />
        <SettingSwitch label={t('settings.rings')} hint={t('settings.ringsHint')} checked={showRings} onChange={setShowRings} testId="setting-rings" />
        <fieldset className="radio-group">
          <legend>{t('settings.mapType')}</legend>
          {mapTypes.map((name, index) => (
            <label key={name} className="radio-group__option">
              <input type="radio" name={mapTypeName} value={index} checked={mapType === index} onChange={() => setMapType(index)} />
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
            <SettingSwitch
              label={t('challenges.form.gat')}
              hint={t('challenges.form.gatHint', { seconds: CHALLENGE_LIMITS.askForGuessMs / 1000 })}
              checked={soloRules.gat}
              onChange={(gat) => setSoloRules({ ...soloRules, gat })}
            />
          )}
        </fieldset>
        <LanguageSelect showLabel className="settings__language" />
      </div>
    </ModalWindow>
  );
}

interface SettingSwitchProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}

/** One on/off setting: its name, a line saying what it does, and a switch. */
function SettingSwitch({ label, hint, checked, onChange, testId }: SettingSwitchProps) {
  const id = useId();
  return (
    <div className="switch-row">
      <label htmlFor={id}>
        <span>{label}</span>
        <span className="muted">{hint}</span>
      </label>
      <input id={id} type="checkbox" role="switch" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />
    </div>
  );
}
