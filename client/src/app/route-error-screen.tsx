import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
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

/** The router's error screen: "404 Not Found" and friends for routing errors, otherwise SPEC §2's title. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const moduleFailure = isModuleLoadFailure(error);

  useEffect(() => {
    if (moduleFailure) reloadOnceForModuleFailure();
    else if (!isRouteErrorResponse(error)) reportClientError('render', error);
  }, [moduleFailure, error]);

  const routeError = isRouteErrorResponse(error);
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
