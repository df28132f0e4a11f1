/** Injection tokens for the ports; Nest resolves them to whichever adapters the process was built with. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_STORE = Symbol('READ_STORE');
export const PROJECTIONS = Symbol('PROJECTIONS');
export const DECISION_CONTEXT = Symbol('DECISION_CONTEXT');
export const MAP_CATALOG = Symbol('MAP_CATALOG');
export const IMAGERY = Symbol('IMAGERY');
export const CLOCK = Symbol('CLOCK');
export const MESSAGE_BUS = Symbol('MESSAGE_BUS');
/** The local image store itself (the registry holds it wrapped for serving): image-map uploads go here. */
export const LOCAL_IMAGES = Symbol('LOCAL_IMAGES');

/** The process's Prometheus metrics (platform/metrics/metrics.ts). */
export const METRICS = Symbol('METRICS');

/** The bus replicas share live presence on (lobby and arena counters); absent when there is one process. */
export const PRESENCE_BUS = Symbol('PRESENCE_BUS');

/** The PictureStore: uploads and encoded round pictures every replica sees (platform/pictures). */
export const PICTURE_STORE = Symbol('PICTURE_STORE');

/** The house ads read from ADS_HOUSE_FILE at start (features/ads/house-ads.ts); null when there are none. */
export const HOUSE_ADS = Symbol('HOUSE_ADS');
