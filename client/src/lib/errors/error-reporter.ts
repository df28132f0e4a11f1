import { clientErrorReportLimits, type ClientErrorReport } from '@globetrail/contracts';
import { isAbortError, isApiRequestError, clientErrorCodes } from '../api/api-error';
import { getSession } from '../session/session-store';
import { isModuleLoadFailure } from './module-import';

/**
 * SPEC §8: every failure is reported except empty or unparsable JSON, aborts, failed fetches, permission
 * refusals and module-load failures (those reload the page). Pure, so the policy is unit-tested.
 */
export function isReportable(error: unknown): boolean {
  if (error === null || error === undefined) return false;
  if (isAbortError(error) || isModuleLoadFailure(error)) return false;
  if (isApiRequestError(error)) return error.code !== clientErrorCodes.network && error.code !== clientErrorCodes.badResponse && error.status < 500;
  // DOMExceptions are not Errors in every realm: their name is what says what they are.
  const name = typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'AbortError' || name === 'NotAllowedError' || name === 'PermissionDeniedError') return false;
  if (!(error instanceof Error)) return true;
  if (error instanceof SyntaxError && /JSON|Unexpected end of (JSON )?input/i.test(error.message)) return false;
  if (error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed/i.test(error.message)) return false;
  if (/permission denied/i.test(error.message)) return false;
  return true;
}

/** The report a failure makes, cut to the server's limits; the page's query is left out (it may hold personal data). */
export function toReport(kind: ClientErrorReport['kind'], error: unknown, page: string, release: string): ClientErrorReport {
  const asError = error instanceof Error ? error : null;
  const message = (asError?.message || String(error) || 'unknown error').slice(0, clientErrorReportLimits.message);
  return {
    kind,
    name: (asError?.name || 'Error').slice(0, clientErrorReportLimits.name),
    message: message.trim() || 'unknown error',
    stack: asError?.stack ? asError.stack.slice(0, clientErrorReportLimits.stack) : null,
    page: page.slice(0, clientErrorReportLimits.page),
    release: release.slice(0, clientErrorReportLimits.release),
  };
}

/** A looping failure would flood the collector: the same message once, and 10 reports per page load. */
const MAX_REPORTS_PER_PAGE = 10;
const sent = new Set<string>();
let release = 'unknown';

export function setReportedRelease(id: string): void {
  release = id;
}

function currentPage(): string {
  return `${window.location.pathname}${window.location.hash.split('?')[0] ?? ''}`;
}

/** Sends one report to POST /client-errors; a failure to report is dropped (never reported in turn). */
export function reportClientError(kind: ClientErrorReport['kind'], error: unknown): void {
  if (kind !== 'missing-translation' && !isReportable(error)) return;
  const report = toReport(kind, error, currentPage(), release);
  const key = `${report.kind}:${report.message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(key);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Report-Id': crypto.randomUUID() };
  const token = getSession()?.idToken;
  if (token) headers.Authorization = token;
  void fetch('/client-errors', { method: 'POST', headers, body: JSON.stringify(report), keepalive: true }).catch(() => undefined);
}

/** Uncaught errors and rejections anywhere in the page are reported. */
export function startErrorReporting(): () => void {
  const onError = (event: ErrorEvent) => reportClientError('error', event.error ?? new Error(event.message));
  const onRejection = (event: PromiseRejectionEvent) => reportClientError('unhandledrejection', event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
