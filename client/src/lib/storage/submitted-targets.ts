import { sameLocation, type LatLng } from '@globetrail/contracts';
import { storageKeys } from './storage-keys';
import { readJson, writeJson } from './web-storage';

/** SPEC §9: the submitted-locations list keeps the last 100 targets. */
export const MAX_SUBMITTED_TARGETS = 100;

function readTargets(): LatLng[] {
  const stored = readJson(storageKeys.submittedTargets);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (item): item is LatLng =>
      typeof item === 'object' && item !== null && typeof (item as LatLng).lat === 'number' && typeof (item as LatLng).lng === 'number',
  );
}

/** SPEC §5: a target already submitted is never submitted again. */
export function hasSubmittedTarget(target: LatLng): boolean {
  return readTargets().some((known) => sameLocation(known, target));
}

export function rememberSubmittedTarget(target: LatLng): void {
  const targets = readTargets().filter((known) => !sameLocation(known, target));
  targets.push({ lat: target.lat, lng: target.lng });
  writeJson(storageKeys.submittedTargets, targets.slice(-MAX_SUBMITTED_TARGETS));
}
