import { useTranslation } from 'react-i18next';
import { useRoundsOffline } from '../../../lib/api/imagery-status';

/** Said wherever a map is chosen: with no online pictures, a round shows the nearest painted sample scene. */
export function OfflineNote() {
  const { t } = useTranslation();
  if (!useRoundsOffline()) return null;
  return (
    <p className="map-offline-note" data-testid="maps-offline-note">
      {t('maps.offlineNote')}
    </p>
  );
}
