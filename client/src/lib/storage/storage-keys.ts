/**
 * Every key this client keeps in Web Storage (SPEC §3 leaves the names to us). One list, so a rename or
 * a privacy review finds them all in one place.
 */
export const storageKeys = {
  session: 'gt.session',
  /** A random id for this browser: a device that signed in before keeps signing in while someone else trips the account's brake. */
  deviceId: 'gt.deviceId',
  milesChecked: 'gt.milesChecked',
  straightLines: 'gt.straightLines',
  effects: 'gt.effects',
  music: 'gt.music',
  showStreetName: 'gt.showStreetName',
  showRings: 'gt.showRings',
  mapType: 'gt.mapType',
  firstTime: 'gt.firstTime',
  submittedTargets: 'gt.submittedTargets',
  gameCounter: 'gt.gameCounter',
  lastGame: 'gt.lastGame',
  /** SPEC §3 "default map id and name". */
  defaultMap: 'gt.defaultMap',
  /** The map info hint (SPEC §2) was dismissed. */
  mapInfoHintDismissed: 'gt.mapInfoHintDismissed',
  /** The chosen interface language, as the language detector caches it (the key i18next-browser-languagedetector used). */
  language: 'i18nextLng',
  moduleReloadGuard: 'gt.moduleReload',
  /** SPEC §3 "last daily date": the UTC day the player last saw the daily challenges. */
  lastDailyDate: 'gt.lastDailyDate',
  /** The UTC day the daily visit streak was last checked (SPEC §5: once a day). */
  lastStreakCheck: 'gt.lastStreakCheck',
  /** SPEC §3's leaderboard filter preference, under SPEC's own spelling. */
  filterPref: 'fitlerPref',
  /** The round settings single-player games start with (movement, round time, ask-for-guess). */
  soloRules: 'gt.soloRules',
  /** SPEC §3 "challenge object": the settings of the challenge being played (its `ch`). */
  challenge: 'gt.challenge',
  /** SPEC §4 "profile lookups cached for session" (session storage): player id → name, photo, tier. */
  players: 'gt.players',
} as const;
