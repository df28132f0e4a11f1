import { type Map as MaplibreMap, Marker } from 'maplibre-gl';
import { CLUSTER_LAYER_ID } from './editor-map-layers';

/**
 * Writes each cluster's size over it ("12", "1.2k"): the offline style has no glyphs for a symbol layer,
 * so the numbers are small HTML labels that let clicks through to the cluster. They follow the drawn
 * clusters whenever the map settles (after a pan, a zoom or new data). Returns what removes them.
 */
export function showClusterCounts(map: MaplibreMap): () => void {
  const labels = new Map<number, Marker>();
  const update = () => {
    if (!map.getLayer(CLUSTER_LAYER_ID)) return;
    const shown = new Set<number>();
    // What is drawn now (not every cached tile's clusters, which mix zoom levels).
    for (const feature of map.queryRenderedFeatures({ layers: [CLUSTER_LAYER_ID] })) {
      const id = feature.properties.cluster_id as number;
      if (shown.has(id) || feature.geometry.type !== 'Point') continue;
      shown.add(id);
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      const text = String(feature.properties.point_count_abbreviated ?? feature.properties.point_count);
      let label = labels.get(id);
      if (!label) {
        const element = document.createElement('span');
        element.className = 'editor-cluster-count';
        element.setAttribute('aria-hidden', 'true');
        element.style.pointerEvents = 'none';
        label = new Marker({ element });
        labels.set(id, label);
      }
      // A cluster id may stand for another cluster after the data changed: place and label it afresh.
      if (label.getElement().textContent !== text) label.getElement().textContent = text;
      label.setLngLat([lng, lat]).addTo(map);
    }
    for (const [id, label] of labels) {
      if (shown.has(id)) continue;
      label.remove();
      labels.delete(id);
    }
  };
  map.on('idle', update);
  return () => {
    map.off('idle', update);
    for (const label of labels.values()) label.remove();
    labels.clear();
  };
}
