import { destinationPoint, EARTH_RADIUS_METERS, greatCircleDistance, initialBearing, parseLatLngPair, sameLocation } from './geo.js';

describe('greatCircleDistance', () => {
  it('is zero for the same point', () => {
    expect(greatCircleDistance({ lat: 48.85, lng: 2.35 }, { lat: 48.85, lng: 2.35 })).toBe(0);
  });

  it('measures a quarter meridian as a quarter of the circumference of the 6371008.8 m sphere', () => {
    const d = greatCircleDistance({ lat: 0, lng: 0 }, { lat: 90, lng: 0 });
    expect(d).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_METERS, 3);
  });

  it('goes the short way across the antimeridian', () => {
    const d = greatCircleDistance({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 });
    expect(d).toBeCloseTo((Math.PI / 180) * EARTH_RADIUS_METERS, 3);
  });

  it('gives the known Paris to London distance within a kilometre', () => {
    const d = greatCircleDistance({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 });
    expect(d / 1000).toBeCloseTo(343.5, 0);
  });

  it('is symmetric and never exceeds half the circumference', () => {
    const a = { lat: 10, lng: 20 };
    const b = { lat: -10, lng: -160 };
    expect(greatCircleDistance(a, b)).toBeCloseTo(greatCircleDistance(b, a), 6);
    expect(greatCircleDistance(a, b)).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_METERS + 1e-6);
  });
});

describe('parseLatLngPair (SPEC §5 shared location)', () => {
  it('reads a comma-separated pair of numbers', () => {
    expect(parseLatLngPair('48.8566,2.3522')).toEqual({ lat: 48.8566, lng: 2.3522 });
    expect(parseLatLngPair(' -33.9 , 18.4 ')).toEqual({ lat: -33.9, lng: 18.4 });
  });

  it('accepts a third value (a heading) and ignores it', () => {
    expect(parseLatLngPair('1,2,90')).toEqual({ lat: 1, lng: 2 });
  });

  it.each(['', '48.8', 'abc,2', '1,', '91,0', '0,181', 'NaN,1'])('refuses %p', (text) => {
    expect(parseLatLngPair(text)).toBeNull();
  });
});

describe('sameLocation', () => {
  it('treats coordinates equal to about a centimetre as the same target', () => {
    expect(sameLocation({ lat: 1.123456789, lng: 2 }, { lat: 1.12345679, lng: 2 })).toBe(true);
    expect(sameLocation({ lat: 1.1234, lng: 2 }, { lat: 1.1235, lng: 2 })).toBe(false);
  });
});

describe('initialBearing', () => {
  it('gives the four compass points in degrees clockwise from north', () => {
    const here = { lat: 10, lng: 20 };
    expect(initialBearing(here, { lat: 11, lng: 20 })).toBeCloseTo(0, 6);
    expect(initialBearing(here, { lat: 10, lng: 20.001 })).toBeCloseTo(90, 2);
    expect(initialBearing(here, { lat: 9, lng: 20 })).toBeCloseTo(180, 6);
    expect(initialBearing(here, { lat: 10, lng: 19.999 })).toBeCloseTo(270, 2);
  });

  it('stays in [0, 360) and goes the short way across the antimeridian', () => {
    expect(initialBearing({ lat: 0, lng: 179.9 }, { lat: 0, lng: -179.9 })).toBeCloseTo(90, 6);
    expect(initialBearing({ lat: 0, lng: -179.9 }, { lat: 0, lng: 179.9 })).toBeCloseTo(270, 6);
    expect(initialBearing({ lat: 0, lng: 0 }, { lat: -0.0001, lng: -0.000001 })).toBeLessThan(360);
  });

  it('gives the known bearing from Paris to London (about 330°)', () => {
    expect(initialBearing({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(330.3, 0);
  });
});

describe('destinationPoint', () => {
  it('lands the asked distance away on the asked bearing', () => {
    const from = { lat: 43.6766, lng: 4.6278 };
    for (const bearing of [0, 37, 90, 181, 300]) {
      const to = destinationPoint(from, bearing, 1500);
      expect(greatCircleDistance(from, to)).toBeCloseTo(1500, -1);
      expect(Math.abs(((initialBearing(from, to) - bearing + 540) % 360) - 180)).toBeLessThan(0.1);
    }
  });

  it('wraps across the antimeridian and stays on the map', () => {
    const to = destinationPoint({ lat: -17.7, lng: 179.999 }, 90, 3000);
    expect(to.lng).toBeLessThan(-179.9);
    expect(to.lat).toBeCloseTo(-17.7, 3);
  });
});
