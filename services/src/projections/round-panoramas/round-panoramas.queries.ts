import { readModelCollections, type RoundPanoramaDoc } from '@globetrail/contracts';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';

export function roundPanorama(reads: ReadStore, token: string): Promise<RoundPanoramaDoc | null> {
  return reads.get<RoundPanoramaDoc>(readModelCollections.roundPanoramas, token);
}
