import type { TFunction } from 'i18next';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { reportClientError } from '../lib/errors/error-reporter';
import { isModuleLoadFailure } from '../lib/errors/module-import';
import { storageKeys } from '../lib/storage/storage-keys';
import { readJson, safeSessionStorage, writeJson } from '../lib/storage/web-storage';

/** SPEC §8: a chunk that failed to load after a deployment (and its retries) is fixed by one reload. */
export function reloadOnceForModuleFailure(): boolean {
  const storage = safeSessionStorage();
  const last = readJson(storageKeys.moduleReloadGuard, storage);
  if (typeof last === 'number' && Date.now() - last < 60_000) return false;
  writeJson(storageKeys.moduleReloadGuard, Date.now(), storage);
  window.location.reload();
  return true;
}

function statusName(status: number, statusText: string, t: TFunction): string {
  switch (status) {
    case 400:
      return t('routeErrors.badRequest');
    case 404:
      return t('routeErrors.notFound');
    case 405:
      return t('routeErrors.methodNotAllowed');
    default:
      return statusText;
  }
}

/** A routing error (an address no screen answers), as opposed to a failure. */
interface RouteStatus {
  status: number;
  statusText: string;
}

export const notFound: RouteStatus = { status: 404, statusText: 'Not Found' };

const isRouteStatus = (error: unknown): error is RouteStatus => error === notFound;

/** The router's error screen: "404 Not Found" for an unknown address, otherwise SPEC §2's title. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const moduleFailure = isModuleLoadFailure(error);

  useEffect(() => {
    if (moduleFailure) reloadOnceForModuleFailure();
    else if (!isRouteStatus(error)) reportClientError('render', error);
  }, [moduleFailure, error]);

  const routeError = isRouteStatus(error);
  const title = routeError ? `${error.status} ${statusName(error.status, error.statusText, t)}` : t('routeErrors.unexpected');
  const detail = routeError
    ? error.status === 404
      ? t('routeErrors.notFoundText')
      : t('routeErrors.genericText')
    : error instanceof Error
      ? error.message
      : t('routeErrors.unexpectedText');

  return (
    <main className="route-error" data-testid="route-error">
      <div className="route-error__card">
        <h1>{title}</h1>
        <p>{detail}</p>
        <div className="button-row">
          <a className="button button--primary" href="#/">
            {t('routeErrors.home')}
          </a>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('routeErrors.reload')}
          </button>
        </div>
      </div>
    </main>
  );
}

interface BoundaryProps {
  /** The address; a new one clears the error, as the player moves on. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  /** The address the failure happened at, once rendered. */
  failedAt: string | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error, failedAt: null };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failed) return null;
    if (state.failedAt === null) return { failedAt: props.resetKey };
    return state.failedAt === props.resetKey ? null : { failed: false, error: null, failedAt: null };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** A screen that fails to render or to load shows the error screen in its place, until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search, hash, key } = useLocation();
  // A plain #/ link makes entries without a key of their own ("default"): the address tells them apart.
  return <ErrorBoundary resetKey={`${pathname}${search}${hash} ${key}`}>{children}</ErrorBoundary>;
}
