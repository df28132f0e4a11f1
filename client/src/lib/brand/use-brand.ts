import type { Brand } from '@globetrail/contracts';
import { useEffect } from 'react';
import { useClientConfig } from '../api/client-config';
import { i18n } from '../i18n/i18n';

/** Until GET /client-config answers (or if it fails), the page is the main brand as built. */
export const DEFAULT_BRAND: Brand = { id: 'main', name: 'GlobeTrail', color: '#e40a0a', url: null };

/** SPEC §1: this host's brand and its sister, from GET /client-config. */
export function useBrands(): { brand: Brand; sisterBrand: Brand | null } {
  const config = useClientConfig().data;
  return { brand: config?.brand ?? DEFAULT_BRAND, sisterBrand: config?.sisterBrand ?? null };
}

/** Dresses the page in this host's brand: its colour, the tab title, and its name in every text. */
export function useBrandTheme(): void {
  const { brand } = useBrands();
  useEffect(() => {
    document.documentElement.style.setProperty('--accent', brand.color);
    document.documentElement.dataset.brand = brand.id;
    // A page's own title ("Map editor · …") takes the brand through its text; only the bare title is the name.
    if (!document.title.includes(' · ')) document.title = brand.name;
    const interpolation = i18n.options.interpolation;
    if (interpolation && interpolation.defaultVariables?.brand !== brand.name) {
      interpolation.defaultVariables = { ...interpolation.defaultVariables, brand: brand.name };
      // Texts already on screen take the name on the next render; a language change re-renders them all.
      void i18n.changeLanguage(i18n.resolvedLanguage ?? i18n.language);
    }
  }, [brand]);
}
