import { MAP_LIMITS } from '../events/map-events.js';
import { mapFileName, parseMapFile, toMapMakingJson, toPlainList } from './map-files.js';

const mapMaking = (customCoordinates: unknown[], name = 'Alps') => JSON.stringify({ name, customCoordinates });

describe('reading a map file', () => {
  it("reads map-making.app's format, keeping the view fields and ignoring what a game does not use", () => {
    const file = mapMaking([
      { lat: 46.5, lng: 8.1, heading: 370, pitch: -5, zoom: 1.5, panoId: 'CAoSLEFGMVFpcE1', countryCode: 'CH', stateCode: null, extra: { tags: ['alps'] } },
      { lat: 46.6, lng: 8.2, heading: null, pitch: null, zoom: null, panoId: null },
    ]);
    expect(parseMapFile(file)).toEqual({
      ok: true,
      name: 'Alps',
      locations: [
        { lat: 46.5, lng: 8.1, heading: 10, pitch: -5, zoom: 1.5, panoId: 'CAoSLEFGMVFpcE1' },
        { lat: 46.6, lng: 8.2 },
      ],
    });
  });

  it('reads plain lists of pairs (a third number is the heading) and of { lat, lng } objects; a file without a name has none', () => {
    expect(parseMapFile('[[1, 2], [3, 4, 90]]')).toEqual({ ok: true, name: null, locations: [{ lat: 1, lng: 2 }, { lat: 3, lng: 4, heading: 90 }] });
    expect(parseMapFile('[{"lat": 1, "lng": 2}]')).toEqual({ ok: true, name: null, locations: [{ lat: 1, lng: 2 }] });
    expect(parseMapFile(mapMaking([[1, 2]], '  '))).toEqual({ ok: true, name: null, locations: [{ lat: 1, lng: 2 }] });
  });

  it('refuses the whole file, naming every bad entry and field, so nothing is half imported', () => {
    const file = mapMaking([
      { lat: 46.5, lng: 8.1 },
      { lat: 95, lng: 8.2 },
      { lat: 46.7, lng: 'east' },
      'here',
      [1],
      { lat: 46.5, lng: 8.1 },
      { lat: 1, lng: 1, pitch: 100, zoom: 9, panoId: 'x'.repeat(MAP_LIMITS.panoIdMax + 1) },
      { lng: 3 },
    ]);
    expect(parseMapFile(file)).toEqual({
      ok: false,
      problems: [
        { entry: 1, kind: 'invalid', field: 'lat' },
        { entry: 2, kind: 'invalid', field: 'lng' },
        { entry: 3, kind: 'notLocation' },
        { entry: 4, kind: 'notLocation' },
        { entry: 5, kind: 'repeats', of: 0 },
        { entry: 6, kind: 'invalid', field: 'pitch' },
        { entry: 6, kind: 'invalid', field: 'zoom' },
        { entry: 6, kind: 'invalid', field: 'panoId' },
        { entry: 7, kind: 'invalid', field: 'lat' },
      ],
    });
  });

  it('takes two places 10 cm apart as one, as the server does', () => {
    expect(parseMapFile('[[1, 2], [1.00000001, 2.00000001]]')).toEqual({ ok: false, problems: [{ entry: 1, kind: 'repeats', of: 0 }] });
    expect(parseMapFile('[[1, 2], [1.00001, 2]]')).toMatchObject({ ok: true });
  });

  it('refuses a place already on the map and more locations than the map has room for', () => {
    expect(parseMapFile('[[5, 5], [1, 2]]', [{ lat: 9, lng: 9 }, { lat: 1, lng: 2 }])).toEqual({ ok: false, problems: [{ entry: 1, kind: 'onMap', of: 1 }] });
    const onMap = Array.from({ length: MAP_LIMITS.maxLocations - 1 }, (_, index) => ({ lat: index / 1000, lng: 0 }));
    expect(parseMapFile('[[1, 2], [3, 4]]', onMap)).toEqual({ ok: false, problems: [{ entry: null, kind: 'tooMany', count: 2, room: 1 }] });
    expect(parseMapFile('[[1, 2]]', onMap)).toMatchObject({ ok: true });
  });

  it('takes 10,000 locations in one file and refuses 10,001', () => {
    const pairs = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => [(index % 170) - 85, Math.floor(index / 170) - 90]));
    const full = parseMapFile(pairs(MAP_LIMITS.maxLocations));
    expect(full.ok && full.locations.length).toBe(MAP_LIMITS.maxLocations);
    expect(parseMapFile(pairs(MAP_LIMITS.maxLocations + 1))).toEqual({ ok: false, problems: [{ entry: null, kind: 'tooMany', count: MAP_LIMITS.maxLocations + 1, room: MAP_LIMITS.maxLocations }] });
  });

  it('refuses an empty file, a file of another shape, and what is not JSON', () => {
    expect(parseMapFile('[]')).toEqual({ ok: false, problems: [{ entry: null, kind: 'noLocations' }] });
    expect(parseMapFile('{"locations": []}')).toEqual({ ok: false, problems: [{ entry: null, kind: 'notMapFile' }] });
    expect(parseMapFile('42')).toEqual({ ok: false, problems: [{ entry: null, kind: 'notMapFile' }] });
    expect(parseMapFile('{oops')).toEqual({ ok: false, problems: [{ entry: null, kind: 'notJson' }] });
  });
});

describe('writing a map file', () => {
  const locations = [{ lat: 46.5, lng: 8.1, heading: 10, pitch: -5, zoom: 1.5, panoId: 'abc' }, { lat: -33.9, lng: 151.2 }];

  it("writes map-making.app's format with only the fields a location has, and reads it back the same", () => {
    expect(JSON.parse(toMapMakingJson('Two', locations))).toEqual({ name: 'Two', customCoordinates: locations });
    expect(parseMapFile(toMapMakingJson('Two', locations))).toEqual({ ok: true, name: 'Two', locations });
  });

  it('writes a plain [lat, lng] list that reads back as the positions', () => {
    expect(JSON.parse(toPlainList(locations))).toEqual([
      [46.5, 8.1],
      [-33.9, 151.2],
    ]);
    expect(parseMapFile(toPlainList(locations))).toEqual({ ok: true, name: null, locations: locations.map(({ lat, lng }) => ({ lat, lng })) });
  });

  it("names the file after the map, in letters, digits and dashes", () => {
    expect(mapFileName('Twenty places')).toBe('twenty-places');
    expect(mapFileName('  Côte d’Azur: 50 spots! ')).toBe('cote-d-azur-50-spots');
    expect(mapFileName('東京 2024')).toBe('東京-2024');
    expect(mapFileName('***')).toBe('map');
  });
});
