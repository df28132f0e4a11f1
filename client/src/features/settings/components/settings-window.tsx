import { useAtom } from 'jotai';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/language-select';
import { ModalWindow } from '../../../components/modal-window';
import { useClientConfig } from '../../../lib/api/client-config';
import { mapTypeAtom, milesCheckedAtom, straightLinesAtom } from '../../../lib/settings/settings-atoms';

export function SettingsWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [miles, setMiles] = useAtom(milesCheckedAtom);
  const [straightLines, setStraightLines] = useAtom(straightLinesAtom);
  const [mapType, setMapType] = useAtom(mapTypeAtom);
  const online = useClientConfig().data?.onlineMapStyleUrl != null;
  const ids = { miles: useId(), lines: useId(), mapType: useId() };
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
        <LanguageSelect showLabel className="settings__language" />
      </div>
    </ModalWindow>
  );
}
