import type { MapEntry } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';

/** SPEC §3's categories as small labels; "mixed" says nothing, so it is not shown. */
export function CategoryChips({ map }: { map: MapEntry }) {
  const { t } = useTranslation();
  const chips = [
    t(`maps.category.coverage.${map.coverage}`),
    map.urbanRural !== 'mixed' ? t(`maps.category.urbanRural.${map.urbanRural}`) : null,
    map.coastalInland !== 'mixed' ? t(`maps.category.coastalInland.${map.coastalInland}`) : null,
    map.countryStreakEligible ? t('maps.category.streaks') : null,
    map.mc === 'image' ? t('maps.category.imageMap') : null,
  ].filter((chip): chip is string => chip !== null);
  return (
    <ul className="map-chips" aria-label={t('maps.category.label')}>
      {chips.map((chip) => (
        <li key={chip} className="map-chip">
          {chip}
        </li>
      ))}
    </ul>
  );
}
