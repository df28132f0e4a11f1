import { ApiRequestError } from '../api/api-error';
import { isReportable, toReport } from './error-reporter';

describe('which failures are reported (SPEC §8)', () => {
  it('reports programming errors and refused calls the client should not have made', () => {
    expect(isReportable(new TypeError("Cannot read properties of undefined (reading 'lat')"))).toBe(true);
    expect(isReportable(new RangeError('Invalid time value'))).toBe(true);
    expect(isReportable(new ApiRequestError(400, 'validation_failed', 'lat: too big', 'lat'))).toBe(true);
    expect(isReportable('a thrown string')).toBe(true);
  });

  it('leaves out unparsable JSON, aborts, failed fetches, permission refusals and module-load failures', () => {
    expect(isReportable(new SyntaxError('Unexpected end of JSON input'))).toBe(false);
    expect(isReportable(new SyntaxError('JSON.parse: unexpected character at line 1'))).toBe(false);
    expect(isReportable(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(isReportable(new TypeError('Failed to fetch'))).toBe(false);
    expect(isReportable(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(false);
    expect(isReportable(new ApiRequestError(0, 'network', 'network request failed'))).toBe(false);
    expect(isReportable(new ApiRequestError(503, 'http_error', '503 Service Unavailable'))).toBe(false);
    expect(isReportable(new DOMException('play() failed because the user didn’t interact', 'NotAllowedError'))).toBe(false);
    expect(isReportable(new Error('Permission denied'))).toBe(false);
    expect(isReportable(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(false);
    expect(isReportable(null)).toBe(false);
  });

  it('cuts a report to the server’s limits', () => {
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(9000);
    const report = toReport('error', error, `/${'p'.repeat(400)}`, '1.0.626');
    expect(report).toMatchObject({ kind: 'error', name: 'Error', release: '1.0.626' });
    expect(report.message).toHaveLength(1000);
    expect(report.stack).toHaveLength(4000);
    expect(report.page).toHaveLength(300);
    expect(toReport('unhandledrejection', 'plain text', '/', 'r')).toMatchObject({ name: 'Error', message: 'plain text', stack: null });
  });
});
