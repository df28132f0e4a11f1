/**
 * Road conventions a player can read off a scene. Driving side and distance units are exact; centre-line
 * colours and direction-sign colours follow each country's usual practice on ordinary roads, from general
 * knowledge and approximate where practice varies within a country.
 */
export interface CountryConventions {
  drivingSide: 'right' | 'left';
  distanceUnit: 'km' | 'mi';
  centreLine: { colour: 'white' | 'yellow'; double?: boolean };
  directionSign: { background: string; text: string };
}

const GREEN = { background: '#00704a', text: '#ffffff' };
const BLUE = { background: '#1f4fa3', text: '#ffffff' };
const WHITE = { background: '#f4f4f0', text: '#111111' };
const YELLOW = { background: '#f5c400', text: '#111111' };

const WHITE_LINE = { colour: 'white' } as const;
const YELLOW_LINE = { colour: 'yellow' } as const;
const DOUBLE_YELLOW = { colour: 'yellow', double: true } as const;

const right = (centreLine: CountryConventions['centreLine'], directionSign: CountryConventions['directionSign']) =>
  ({ drivingSide: 'right', distanceUnit: 'km', centreLine, directionSign }) as const;
const left = (centreLine: CountryConventions['centreLine'], directionSign: CountryConventions['directionSign']) =>
  ({ drivingSide: 'left', distanceUnit: 'km', centreLine, directionSign }) as const;

export const COUNTRIES: Readonly<Record<string, CountryConventions>> = {
  // Europe
  FR: right(WHITE_LINE, WHITE),
  DE: right(WHITE_LINE, YELLOW),
  GB: { ...left(WHITE_LINE, GREEN), distanceUnit: 'mi' },
  IE: left(WHITE_LINE, GREEN),
  ES: right(WHITE_LINE, BLUE),
  PT: right(WHITE_LINE, WHITE),
  IT: right(WHITE_LINE, BLUE),
  NL: right(WHITE_LINE, BLUE),
  SE: right(WHITE_LINE, BLUE),
  NO: right(YELLOW_LINE, BLUE),
  FI: right(YELLOW_LINE, BLUE),
  IS: right(WHITE_LINE, BLUE),
  RU: right(WHITE_LINE, BLUE),
  GR: right(WHITE_LINE, BLUE),
  TR: right(WHITE_LINE, BLUE),
  // Asia
  JP: left(WHITE_LINE, BLUE),
  KR: right(DOUBLE_YELLOW, BLUE),
  TW: right(DOUBLE_YELLOW, GREEN),
  TH: left(YELLOW_LINE, BLUE),
  VN: right(WHITE_LINE, BLUE),
  ID: left(WHITE_LINE, GREEN),
  MY: left(WHITE_LINE, BLUE),
  IN: left(WHITE_LINE, GREEN),
  JO: right(WHITE_LINE, BLUE),
  IL: right(WHITE_LINE, GREEN),
  MN: right(WHITE_LINE, BLUE),
  PH: right(YELLOW_LINE, GREEN),
  // Africa
  MA: right(WHITE_LINE, BLUE),
  EG: right(WHITE_LINE, BLUE),
  SN: right(WHITE_LINE, WHITE),
  GH: right(WHITE_LINE, GREEN),
  KE: left(WHITE_LINE, GREEN),
  TZ: left(WHITE_LINE, GREEN),
  ZA: left(WHITE_LINE, GREEN),
  NA: left(WHITE_LINE, GREEN),
  // The Americas
  US: { ...right(DOUBLE_YELLOW, GREEN), distanceUnit: 'mi' },
  CA: right(DOUBLE_YELLOW, GREEN),
  MX: right(YELLOW_LINE, GREEN),
  GT: right(YELLOW_LINE, GREEN),
  BR: right(YELLOW_LINE, GREEN),
  AR: right(YELLOW_LINE, GREEN),
  CL: right(WHITE_LINE, GREEN),
  PE: right(YELLOW_LINE, GREEN),
  CO: right(YELLOW_LINE, GREEN),
  EC: right(YELLOW_LINE, GREEN),
  UY: right(YELLOW_LINE, GREEN),
  // Oceania
  AU: left(WHITE_LINE, GREEN),
  NZ: left(WHITE_LINE, GREEN),
  FJ: left(WHITE_LINE, GREEN),
};

export function conventionsOf(iso: string): CountryConventions {
  const conventions = COUNTRIES[iso];
  if (!conventions) throw new Error(`no road conventions for country ${iso}`);
  return conventions;
}
