import { createProviderHttp } from '../http/resilient-http.js';
import { ImageryUnavailableError } from '../imagery.port.js';
import { GoogleStandIn, METADATA_PATH, metadataFixture, type MetadataFixture } from './fixtures/google-stand-in.js';
import { GoogleStreetViewProvider } from './google-street-view-provider.js';

const KEY = 'AIzaSyStandIn-0123456789_abcdefghijklmn';
const EIFFEL_TOWER = { lat: 48.8584, lng: 2.2945 };

let google: GoogleStandIn;
beforeEach(async () => {
  google = await GoogleStandIn.start();
});
afterEach(() => google.close());

/** Retries cost no real time; the breaker never opens in these tests. */
const provider = (key = KEY) =>
  new GoogleStreetViewProvider({
    key,
    baseUrl: google.base,
    http: createProviderHttp({ provider: 'google', sleep: async () => undefined, breaker: { failureThreshold: 100 } }),
  });

async function failureOf(promise: Promise<unknown>): Promise<ImageryUnavailableError> {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ImageryUnavailableError);
  return error as ImageryUnavailableError;
}

describe('GoogleStreetViewProvider', () => {
  it('is Google Street View, and not answer-blind', () => {
    expect(provider()).toMatchObject({ name: 'google', answerBlind: false });
  });

  it('finds the outdoor panorama Google snaps to near a point, through the free metadata API, facing north', async () => {
    google.script.push('metadata-ok.json');
    const found = await provider().findNear(EIFFEL_TOWER, 1_999.6);
    const documented = metadataFixture('metadata-ok.json') as { pano_id: string; location: { lat: number; lng: number } };
    expect(found).toEqual({ provider: 'google', imageId: documented.pano_id, location: documented.location, heading: 0 });

    expect(google.received).toHaveLength(1);
    const [request] = google.received;
    expect(request!.path).toBe(METADATA_PATH);
    expect(Object.fromEntries(request!.query)).toEqual({ location: '48.8584,2.2945', radius: '2000', source: 'outdoor', key: KEY });
  });

  it.each<MetadataFixture>(['metadata-zero-results.json', 'metadata-not-found.json'])('answers null when Google has nothing there (%s)', async (fixture) => {
    google.script.push(fixture);
    expect(await provider().findNear(EIFFEL_TOWER, 50)).toBeNull();
  });

  it.each<[MetadataFixture, string]>([
    ['metadata-request-denied.json', 'REQUEST_DENIED (The provided API key is invalid.)'],
    ['metadata-over-query-limit.json', 'OVER_QUERY_LIMIT (You have exceeded your rate-limit for this API.)'],
    ['metadata-invalid-request.json', 'INVALID_REQUEST'],
    ['metadata-unknown-error.json', 'UNKNOWN_ERROR'],
  ])('is unavailable when Google refuses (%s), naming the status and never the key', async (fixture, reason) => {
    google.script.push(fixture);
    const error = await failureOf(provider().findNear(EIFFEL_TOWER, 50));
    expect(error.message).toBe(`google street view refused the metadata request: ${reason}`);
    expect(error.message).not.toContain(KEY);
  });

  it('keeps the key out of a refusal even if Google ever quotes it', async () => {
    google.script.push({ status: 200, body: JSON.stringify({ status: 'REQUEST_DENIED', error_message: `The API key ${KEY} is not authorized.` }) });
    const error = await failureOf(provider().findNear(EIFFEL_TOWER, 50));
    expect(error.message).toContain('The API key [key] is not authorized.');
    expect(error.message).not.toContain(KEY);
  });

  it('is unavailable, without quoting the key, when Google keeps failing, answers no metadata or is not there', async () => {
    google.script.push(...Array.from({ length: 6 }, () => ({ status: 503, body: 'Service Unavailable' })));
    const down = await failureOf(provider().findNear(EIFFEL_TOWER, 50));
    expect(google.received).toHaveLength(6);
    expect(down.message).not.toContain(KEY);

    google.script.push({ status: 200, body: '<html>maintenance</html>' });
    expect((await failureOf(provider().findNear(EIFFEL_TOWER, 50))).message).not.toContain(KEY);

    google.script.push({ status: 200, body: JSON.stringify({ status: 'OK', location: { lat: 1, lng: 2 } }) });
    expect((await failureOf(provider().findNear(EIFFEL_TOWER, 50))).message).toMatch(/without a usable panorama id/);

    google.script.push({ status: 200, body: JSON.stringify({ ...metadataFixture('metadata-ok.json'), pano_id: '../../evil?x=1' }) });
    expect((await failureOf(provider().findNear(EIFFEL_TOWER, 50))).message).toMatch(/without a usable panorama id/);

    const nowhere = new GoogleStreetViewProvider({ key: KEY, baseUrl: `${google.base}/not-google`, http: createProviderHttp({ provider: 'google', retries: 0 }) });
    const missing = await failureOf(nowhere.findNear(EIFFEL_TOWER, 50));
    expect(missing.message).toMatch(/not found at the configured address/);
    expect(missing.message).not.toContain(KEY);
  });

  it("never downloads a picture: Google's viewer shows them, as its terms require", async () => {
    const error = await failureOf(provider().fetchImage('Qx7kTb2W3mZp9sLd0vYh4A'));
    expect(error.message).toMatch(/Google's own viewer/);
    expect(google.received).toHaveLength(0);
  });

  it('needs a key', () => {
    expect(() => provider('')).toThrow(/API key is required/);
  });
});
