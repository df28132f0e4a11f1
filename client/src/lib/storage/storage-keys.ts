/**
 * Every key this client keeps in Web Storage (SPEC §3 leaves the names to us). One list, so a rename or
 * a privacy review finds them all in one place.
 */
export const storageKeys = {
  session: 'gt.session',
  milesChecked: 'gt.milesChecked',
  straightLines: 'gt.straightLines',
  mapType: 'gt.mapType',
  firstTime: 'gt.firstTime',
  submittedTargets: 'gt.submittedTargets',
  gameCounter: 'gt.gameCounter',
  lastGame: 'gt.lastGame',
  /** SPEC §3 "default map id and name". */
  defaultMap: 'gt.defaultMap',
  /** The map info hint (SPEC §2) was dismissed. */
  mapInfoHintDismissed: 'gt.mapInfoHintDismissed',
  /** i18next-browser-languagedetector's cache of the chosen interface language. */
  language: 'i18nextLng',
  moduleReloadGuard: 'gt.moduleReload',
} as const;
