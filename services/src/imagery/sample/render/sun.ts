import { PI, atan2, cos, sin } from './math.js';

const toRadians = (degrees: number) => (degrees * PI) / 180;

export interface SunPosition {
  /** Radians above the horizon. */
  elevation: number;
  /** Radians clockwise from north. */
  azimuth: number;
}

/**
 * Where the sun stands at an equinox (declination 0), `hourAngleDegrees` from local solar noon (negative in
 * the morning). At an equinox the noon sun is due south everywhere north of the equator and due north
 * everywhere south of it, so the sun's side is a true clue to the hemisphere, whatever the season.
 */
export function equinoxSun(latitudeDegrees: number, hourAngleDegrees: number): SunPosition {
  const latitude = toRadians(latitudeDegrees);
  const hourAngle = toRadians(hourAngleDegrees);
  const elevation = Math.asin(cos(latitude) * cos(hourAngle));
  // Measured from south, westwards positive; the +π turns it into a compass bearing from north.
  const fromSouth = atan2(sin(hourAngle), cos(hourAngle) * sin(latitude));
  const azimuth = (fromSouth + PI + 2 * PI) % (2 * PI);
  return { elevation, azimuth };
}
