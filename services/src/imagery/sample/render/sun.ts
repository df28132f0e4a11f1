import { PI, abs, atan2, cos, sin } from './math.js';

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
  return sunAt(latitudeDegrees, hourAngleDegrees, 0);
}

/**
 * Where the sun stands when its declination is `declinationDegrees` (the season's: +23.4 at the northern
 * summer solstice), `hourAngleDegrees` from local solar noon.
 */
export function sunAt(latitudeDegrees: number, hourAngleDegrees: number, declinationDegrees: number): SunPosition {
  const latitude = toRadians(latitudeDegrees);
  const hourAngle = toRadians(hourAngleDegrees);
  const declination = toRadians(declinationDegrees);
  const elevation = Math.asin(sin(latitude) * sin(declination) + cos(latitude) * cos(declination) * cos(hourAngle));
  // Measured from south, westwards positive; the +π turns it into a compass bearing from north.
  const fromSouth = atan2(sin(hourAngle), cos(hourAngle) * sin(latitude) - Math.tan(declination) * cos(latitude));
  const azimuth = (fromSouth + PI + 2 * PI) % (2 * PI);
  return { elevation, azimuth };
}

/**
 * The sun of a scene: at the season's declination when that leaves it at least `minimum` degrees up at
 * noon (else nearer the equinox's), and its hour brought towards noon until it stands that high.
 */
export function daylightSun(latitudeDegrees: number, hourAngleDegrees: number, declinationDegrees: number, minimum = 8): SunPosition {
  let declination = declinationDegrees;
  while (abs(declination) > 1 && 90 - abs(latitudeDegrees - declination) < minimum + 6) declination *= 0.5;
  let hourAngle = hourAngleDegrees;
  let sun = sunAt(latitudeDegrees, hourAngle, declination);
  for (let step = 0; step < 12 && (sun.elevation * 180) / PI < minimum; step += 1) {
    hourAngle *= 0.75;
    sun = sunAt(latitudeDegrees, hourAngle, declination);
  }
  return sun;
}
