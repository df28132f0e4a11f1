import { parseMapFile, toMapMakingJson, toPlainList } from './map-files.js';

const mapMaking = (customCoordinates: unknown[], name = 'Alps') => JSON.stringify({ name, customCoordinates });

describe('map files', () => {
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

  it('reads plain lists of pairs (a third number is the heading) and of { lat, lng } objects', () => {
    expect(parseMapFile('[[1, 2], [3, 4, 90]]')).toEqual({ ok: true, name: null, locations: [{ lat: 1, lng: 2 }, { lat: 3, lng: 4, heading: 90 }] });
    expect(parseMapFile('[{"lat": 1, "lng": 2}]')).toEqual({ ok: true, name: null, locations: [{ lat: 1, lng: 2 }] });
  });

  it('refuses the whole file, listing every bad entry with its field, so nothing is half imported', () => {
    const file = mapMaking([{ lat: 46.5, lng: 8.1 }, { lat: 95, lng: 8.2 }, { lat: 46.7, lng: 'east' }, 'here', [1], { lat: 46.5, lng: 8.1 }, { lat: 1, lng: 1, pitch: 100 }]);
    const parsed = parseMapFile(file);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems.map(({ entry, field }) => [entry, field])).toEqual([
      [1, 'lat'],
      [2, 'lng'],
      [3, null],
      [4, null],
      [5, null],
      [6, 'pitch'],
    ]);
    expect(!parsed.ok && parsed.problems[4]!.message).toBe('the same place as entry 1');
  });

  it('refuses a place already on the map, a file too big for the room left, an empty or unknown file, and what is not JSON', () => {
    expect(parseMapFile('[[1, 2]]', [{ lat: 1, lng: 2 }])).toMatchObject({ ok: false, problems: [{ entry: 0, message: 'this place is already on the map' }] });
    expect(parseMapFile('[[1, 2], [3, 4]]', [], 1)).toMatchObject({ ok: false, problems: [{ entry: null, message: expect.stringContaining('room for 1 more') }] });
    expect(parseMapFile('[]')).toMatchObject({ ok: false, problems: [{ message: 'the file has no locations' }] });
    expect(parseMapFile('{"locations": []}')).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining('not a map file') }] });
    expect(parseMapFile('{oops')).toMatchObject({ ok: false, problems: [{ entry: null, message: expect.stringContaining('not JSON') }] });
  });

  it('writes files that read back as the same locations, in either format', () => {
    const locations = [{ lat: 46.5, lng: 8.1, heading: 10, pitch: -5, zoom: 1.5, panoId: 'abc' }, { lat: -33.9, lng: 151.2 }];
    expect(parseMapFile(toMapMakingJson('Two', locations))).toEqual({ ok: true, name: 'Two', locations });
    expect(JSON.parse(toMapMakingJson('Two', locations))).toEqual({ name: 'Two', customCoordinates: locations });
    expect(parseMapFile(toPlainList(locations))).toEqual({ ok: true, name: null, locations: locations.map(({ lat, lng }) => ({ lat, lng })) });
  });
});
