import type { RoundView } from '@globetrail/contracts';
import { useAtomValue } from 'jotai';
import type { PaddingOptions } from 'maplibre-gl';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { WorldMap, type MapCircle, type MapMarker } from '../../../components/world-map';
import { nearestCopy, resultMapPadding } from '../../../lib/map/result-framing';
import { ringRadii } from '../../../lib/map/distance-rings';
import { showRingsAtom, straightLinesAtom } from '../../../lib/settings/settings-atoms';
import { nameOf, type GameModel } from '../hooks/use-game-view';

interface ResultMapProps {
  model: GameModel;
  round: RoundView;
  /** The panel over the map's lower part, measured to keep the markers clear of it; null: a small map. */
  panelRef: RefObject<HTMLElement | null> | null;
}

const SMALL_MAP_PADDING: PaddingOptions = { top: 40, right: 40, bottom: 40, left: 40 };

/** Everyone's guesses with their names, the target, the lines (setting) and, in circles, the circles. */
export function ResultMap({ model, round, panelRef }: ResultMapProps) {
  const { t } = useTranslation();
  const straightLines = useAtomValue(straightLinesAtom);
  const showRings = useAtomValue(showRingsAtom);
  const [fitPadding, setFitPadding] = useState<PaddingOptions | null>(null);

  useLayoutEffect(() => {
    const update = () => setFitPadding(panelRef ? resultMapPadding(panelRef.current, 140, 0.18) : SMALL_MAP_PADDING);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [panelRef]);

  const target = round.loc;
  const guesses = Object.entries(round.gus).flatMap(([id, guess]) => (guess.loc ? [{ id, guess, loc: guess.loc }] : []));
  const markers: MapMarker[] = guesses.map(({ id, loc }) => {
    const name = nameOf(model, id, t('live.anonymous'));
    const isMe = id === model.me;
    return {
      id: `guess-${id}`,
      kind: isMe ? 'guess' : 'player',
      position: loc,
      label: isMe ? t('map.yourGuess') : t('live.markerOf', { name }),
      caption: isMe ? t('live.players.you') : name,
      tone: model.byId.get(id)?.tone ?? 1,
    };
  });
  if (target) markers.push({ id: 'target', kind: 'target', position: target, label: t('map.target') });
  const lines = target && straightLines ? guesses.map(({ loc }) => [loc, nearestCopy(target, loc)] as const) : [];
  const circles: MapCircle[] = guesses
    .filter(({ guess }) => guess.r >= 0)
    .map(({ id, guess, loc }) => ({ id, center: loc, radiusMeters: guess.r, tone: model.byId.get(id)?.tone ?? 1 }));
  const mine = model.me ? round.gus[model.me] : undefined;
  const myGuess = mine?.loc ?? null;
  const rings: MapCircle[] =
    showRings && myGuess ? ringRadii(mine?.distance ?? null).map((radius) => ({ id: `ring-${radius}`, center: myGuess, radiusMeters: radius, tone: 0, ring: true })) : [];
  const fitTo = [...(target ? [target] : []), ...guesses.map(({ loc }) => loc)];

  return (
    <WorldMap
      label={t('live.results.mapLabel')}
      markers={markers}
      lines={lines}
      circles={[...(model.view.gameT === 'C' ? circles : []), ...rings]}
      fitTo={fitPadding && fitTo.length > 0 ? fitTo : null}
      fitPadding={fitPadding ?? undefined}
      showMapTypeButton
    />
  );
}
