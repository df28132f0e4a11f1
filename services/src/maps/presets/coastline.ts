import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { MultiLineString } from 'geojson';
import { mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { PlaceIndex } from './place-index.js';

const require = createRequire(import.meta.url);
/** Coastline vertices are dense: small cells keep the candidates near a place few. */
const COAST_CELL_DEGREES = 0.25;

export type CoastIndex = PlaceIndex;

/**
 * The vertices of Natural Earth's 1:50m land outline (world-atlas, public domain): the coastlines. At that
 * scale vertices lie a few kilometres apart, so "within 15 km of a vertex" stands for "within 15 km of the
 * coast" to within a few kilometres.
 */
export function loadCoastIndex(): CoastIndex {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology<{ land: GeometryCollection }>;
  const outline = mesh(topology, topology.objects.land) as MultiLineString;
  return new PlaceIndex(outline.coordinates.flatMap((line) => line.map(([lng, lat]) => ({ lat: lat!, lng: lng! }))), COAST_CELL_DEGREES);
}

/** The share of `places` within `meters` of a coastline vertex. */
export function coastalShare(places: ReadonlyArray<{ lat: number; lng: number }>, coast: CoastIndex, meters: number): number {
  if (places.length === 0) return 0;
  let coastal = 0;
  for (const place of places) if (coast.within(place, meters)) coastal += 1;
  return coastal / places.length;
}
