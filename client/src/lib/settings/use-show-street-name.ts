import { levelForPoints } from '@globetrail/contracts';
import { useAtom } from 'jotai';
import { useProfile } from '../session/profile-query';
import { showStreetNameFor, storedShowStreetNameAtom } from './settings-atoms';

/** SPEC §3 "show street name": the player's choice, or on below the level threshold until they choose. */
export function useShowStreetName(): [boolean, (value: boolean) => void] {
  const [stored, setStored] = useAtom(storedShowStreetNameAtom);
  const points = useProfile().data?.points;
  return [showStreetNameFor(stored, points === undefined ? null : levelForPoints(points)), setStored];
}
