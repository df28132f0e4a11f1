/**
 * The English strings the main bundle carries (vite.config.ts; scripts/english-strings.mjs): what the
 * welcome screen, the toolbar, the root layout's banners, snacks and the route error screen can show
 * before any other chunk has loaded. Every other English string comes with the next screen or window
 * (lib/i18n/i18n.ts, loadRestOfEnglish). A key used early but missing here shows once it has loaded, and a
 * development build warns about it.
 */
export const firstScreenKeys = [
  'app',
  'common',
  'toolbar',
  'menu',
  'welcome',
  'snack',
  'errors',
  'routeErrors',
  'devtools',
  'streak',
  'units',
  'format',
  'game.loading',
  'legal.termsTitle',
  'legal.privacyTitle',
  'live.modes',
] as const;
