import { type MapLocationInput, mapFileName, toMapMakingJson, toPlainList } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';

/** Export in map-making.app's format (which GeoGuessr reads) or as a plain [lat, lng] list, named after the map. */
export function ExportButtons({ name, locations }: { name: string; locations: readonly MapLocationInput[] }) {
  const { t } = useTranslation();
  const title = name.trim() || t('mapEditor.untitled');
  const none = locations.length === 0;
  return (
    <>
      <button type="button" className="button button--small" disabled={none} onClick={() => download(toMapMakingJson(title, locations), `${mapFileName(title)}.json`)}>
        {t('mapEditor.export.mapMaking')}
      </button>
      <button type="button" className="button button--small" disabled={none} onClick={() => download(toPlainList(locations), `${mapFileName(title)}-coordinates.json`)}>
        {t('mapEditor.export.plain')}
      </button>
    </>
  );
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
