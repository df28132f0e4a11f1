import { z } from 'zod';

/** Runtime settings the server hands the client (GET /client-config), so one build serves every deployment. */
/** One of SPEC §1's two sister brands: its name, colour and public address (null: not configured). */
export const brandSchema = z.object({
  id: z.enum(['main', 'sister']),
  name: z.string(),
  color: z.string().regex(/^#[0-9a-f]{6}$/),
  url: z.string().nullable(),
});
export type Brand = z.infer<typeof brandSchema>;

/** A house ad: its picture on this site, the page it opens, and the words that stand for the picture. */
export const houseAdSchema = z.object({ id: z.string(), image: z.string(), href: z.string(), alt: z.string() });
export type HouseAd = z.infer<typeof houseAdSchema>;

/**
 * SPEC §1's ads (docs/ads.md), off unless the operator switches them on: house ads served from this site, or
 * one provider's script, loaded 15 s after the page (SPEC §7) and, when `consentRequired`, only once the
 * player agreed. Players whose user id starts with one of `freePrefixes` see none.
 */
export const clientAdsSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('off') }),
  z.object({ mode: z.literal('house'), ads: z.array(houseAdSchema).min(1), freePrefixes: z.array(z.string()) }),
  z.object({ mode: z.literal('external'), scriptUrl: z.string(), consentRequired: z.boolean(), freePrefixes: z.array(z.string()) }),
]);
export type ClientAds = z.infer<typeof clientAdsSchema>;

export const clientConfigSchema = z.object({
  /** The brand of the host name this page was loaded from, and its sister, which it links to. */
  brand: brandSchema,
  sisterBrand: brandSchema,
  /** An online maplibre style URL offered as an extra map type; null keeps the map fully offline. */
  onlineMapStyleUrl: z.string().nullable(),
  releaseId: z.string(),
  /**
   * The key that loads Google's Street View viewer (Maps JavaScript API) in the browser; set only when
   * the server plays Google Street View (IMAGERY_PROVIDER=google), null otherwise.
   */
  googleMapsKey: z.string().nullable(),
  /** SPEC §8's Developer Tools check: on unless the deployment turns it off; accounts whose id starts with a prefix are exempt. */
  /** SPEC §2 welcome dialog: its looping intro video (desktop and mobile; none shipped by default) and the external guide it links to. */
  welcome: z.object({ videoDesktop: z.string().nullable(), videoMobile: z.string().nullable(), guideUrl: z.string().nullable() }),
  devtoolsCheck: z.object({ enabled: z.boolean(), exemptPrefixes: z.array(z.string()) }),
  ads: clientAdsSchema,
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
