import { checkLocalTarget, fetchFailure, formatReport, loadErrors, runLoad } from '../../services/src/load/load-run.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** `npm run load`, small: the same code plays real solo rounds and arena duels against the real server. */
describe('the load run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { CLOCK_SPEED: '20', RATE_LIMIT_SCALE: '0' } });
  });
  afterAll(() => t.close());

  it('plays solo rounds and duels, measures the read calls, and reports no errors', async () => {
    const report = await runLoad({ url: await t.app.getUrl(), seconds: 3, soloPlayers: 3, duellists: 2, httpConnections: 2 });
    expect(report.solo.errors).toEqual([]);
    expect(report.solo.rounds).toBeGreaterThan(0);
    expect(report.solo.guess.p99).toBeGreaterThanOrEqual(report.solo.guess.p50);
    expect(report.duels).toMatchObject({ failed: [] });
    expect(report.duels.matches).toBeGreaterThanOrEqual(1);
    expect(report.reads.requestsPerSecond).toBeGreaterThan(0);
    expect(loadErrors(report)).toBe(0);
    expect(formatReport(report)).toMatch(/^load for 3 s on this machine\nsolo \(REST\)\s+\d+ games, \d+ rounds/);
  }, 120_000);

  it("reports why a request failed, not only fetch's own \"fetch failed\"", () => {
    const closed = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(fetchFailure(new TypeError('fetch failed', { cause: closed }))).toBe('fetch failed: UND_ERR_SOCKET other side closed');
    expect(fetchFailure(new Error('fetch failed'))).toBe('fetch failed');
  });

  it('refuses any host but this machine', () => {
    expect(() => checkLocalTarget('http://example.com:3000')).toThrow(/this machine only/);
    expect(() => checkLocalTarget('http://10.0.0.5')).toThrow(/this machine only/);
    expect(checkLocalTarget('http://localhost:3000').port).toBe('3000');
    expect(() => checkLocalTarget('not a url')).toThrow(/not a URL/);
  });
});
