import { useTranslation } from 'react-i18next';
import { TabList } from '../../../components/tab-list';
import { type MapsTab, mapsTabs } from '../../../lib/layout/windows';

interface MapsTabsProps {
  current: MapsTab;
  onChange: (tab: MapsTab) => void;
  /** Ids of the panel each tab controls. */
  panelId: string;
}

export function MapsTabs({ current, onChange, panelId }: MapsTabsProps) {
  const { t } = useTranslation();
  return <TabList tabs={mapsTabs} current={current} onChange={onChange} labelOf={(tab) => t(`maps.tab.${tab}`)} label={t('maps.tabsLabel')} panelId={panelId} className="maps-tabs" />;
}
