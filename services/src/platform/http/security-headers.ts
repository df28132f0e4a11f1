import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../../config/config.js';

type Directives = Record<string, string[]>;

/** Google's viewer (IMAGERY_PROVIDER=google) loads its scripts, tiles and frames from these hosts. */
const GOOGLE_MAPS = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', "'unsafe-eval'", 'blob:'],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'],
  frame: ['*.google.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
};

/**
 * The Content-Security-Policy the client needs, and nothing more: its own origin for scripts, styles, the
 * API and Socket.IO; blob: workers and images for maplibre and the panorama viewer; the online map
 * style's hosts when one is set; Google's viewer only when it is the imagery; the welcome video's host; the
 * ad provider's origin only when the operator configured one (ADS_SCRIPT_URL; docs/ads.md).
 * `frame-ancestors` lets the game's own pages and FRAME_ANCESTORS frame it (SPEC §2: a framed game opens
 * sign-in on the public site in a new window). No `upgrade-insecure-requests`: `npm start` serves plain
 * http on localhost, where upgrading the page's own requests would break it.
 */
export function contentSecurityPolicy(config: AppConfig): Directives {
  const google = config.imagery.online?.provider === 'google';
  const map = [...config.web.mapStyleOrigins];
  const video = [config.welcome.videoDesktop, config.welcome.videoMobile].filter((url): url is string => url !== null && url.startsWith('https://')).map((url) => new URL(url).origin);
  // One ad provider's script (ADS_SCRIPT_URL): its origin may load scripts, pictures and frames, and be called.
  const ads = config.ads.mode === 'external' ? [new URL(config.ads.scriptUrl).origin] : [];
  const unique = (list: string[]) => [...new Set(list)];
  return {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...(google ? GOOGLE_MAPS.script : []), ...ads]),
    // Inline styles: React's style props and the viewers' positioning; scripts stay strict.
    'style-src': unique(["'self'", "'unsafe-inline'", ...(google ? GOOGLE_MAPS.style : [])]),
    'img-src': unique(["'self'", 'data:', 'blob:', ...map, ...(google ? GOOGLE_MAPS.img : []), ...ads]),
    'font-src': unique(["'self'", 'data:', ...map, ...(google ? GOOGLE_MAPS.font : [])]),
    'connect-src': unique(["'self'", 'data:', 'blob:', ...map, ...(google ? GOOGLE_MAPS.connect : []), ...ads]),
    'media-src': unique(["'self'", 'data:', 'blob:', ...video]),
    'worker-src': ["'self'", 'blob:'],
    'frame-src': google || ads.length > 0 ? [...(google ? GOOGLE_MAPS.frame : []), ...ads] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': unique(["'self'", ...config.web.frameAncestors]),
  };
}

/**
 * The headers `securityHeaders` sets, as values: for answers that do not pass through Express (Socket.IO's
 * handshake and polling, which engine.io answers itself). Helmet sets the same headers on every response,
 * whatever the request, so running it once on a response that records them gives them all.
 */
export function securityHeaderValues(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let passed = false;
  securityHeaders(config)({ headers: {} } as never, recorder as never, () => (passed = true));
  if (!passed) throw new Error('the security headers did not apply to a recorded response');
  return headers;
}

/** Helmet's headers on every response, with the policy above. */
export function securityHeaders(config: AppConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Sign-in with an outside identity opens a popup that reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Google's browser keys are restricted by referrer: send the origin, never the path (it may hold ids).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // X-Frame-Options cannot name other sites; CSP frame-ancestors (above) decides when some are allowed.
    xFrameOptions: config.web.frameAncestors.length === 0 ? { action: 'sameorigin' } : false,
  }) as RequestHandler;
}
