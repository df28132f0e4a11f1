import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { reloadOnceForModuleFailure } from './app/route-error-screen';
import { i18n, i18nReady, loadRestOfEnglish } from './lib/i18n/i18n';
import { showSnack } from './lib/layout/snacks';
import { afterFirstInteraction } from './lib/loading/after-first-interaction';
import { onSessionExpired, startSessionKeepAlive } from './lib/session/session-service';
import { startSounds } from './lib/sound/sound-player';
import { startErrorReporting } from './lib/errors/error-reporter';

// SPEC §8: a chunk missing after a new release is cured by reloading the page (once).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForModuleFailure()) event.preventDefault();
});

startErrorReporting();
startSessionKeepAlive();
startSounds();
// The English strings the first screen does not show come once the player acts, before a next screen asks
// for them (a screen that opens first waits for them itself).
afterFirstInteraction(() => loadRestOfEnglish().catch(() => undefined));
onSessionExpired(() => showSnack({ id: 'session-expired', message: i18n.t('snack.sessionExpired'), durationMs: 9_000 }));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void i18nReady.finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
