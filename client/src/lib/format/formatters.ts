import { displayDistance, formatCount, formatSeconds } from '@globetrail/contracts';
import { intlLocale } from '../i18n/languages';

/** The translation function the formatters need: units and ordinals are worded per language. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

/** A date key of eight digits ("20261126", SPEC §9) as year-month-day, or null when it is not one. */
export function dateKeyParts(key: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Every number, distance, time and date shown to a player, in the interface language (`code`, formatted
 * through `Intl` with the language's own tag) and the player's unit choice. Pure, so each language's
 * output is unit-tested.
 */
export function makeFormatters(code: string, t: Translate, useMiles: boolean) {
  const locale = intlLocale(code);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const mediumDate = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const mediumDateUtc = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  // Distance units as each language writes them (CLDR through Intl: "км", "ми", "χλμ.", "公里"), not Latin
  // abbreviations left untranslated.
  const units = {
    km: new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: 1 }),
    m: new Intl.NumberFormat(locale, { style: 'unit', unit: 'meter', unitDisplay: 'short', maximumFractionDigits: 1 }),
    mi: new Intl.NumberFormat(locale, { style: 'unit', unit: 'mile', unitDisplay: 'short', maximumFractionDigits: 1 }),
    ft: new Intl.NumberFormat(locale, { style: 'unit', unit: 'foot', unitDisplay: 'short', maximumFractionDigits: 1 }),
  };
  return {
    locale,
    /** Whole numbers with the language's grouping ("12,345", "12 345", "12.345"). */
    number: (n: number) => integer.format(n),
    /** Up to one decimal ("1.5", "1,5"). */
    decimal: (n: number) => decimal.format(n),
    /** Counts, compact only above 10 million (SPEC §9): "12M", "1234万". */
    count: (n: number) => formatCount(n, locale),
    /** SPEC §9 ordinals: "1st", "2nd", "3rd", "4th" in English; "1er", "2e" in French; "1." in German. */
    ordinal: (n: number) => t('format.ordinal', { count: n, ordinal: true, defaultValue: integer.format(n) }).replace(String(n), integer.format(n)),
    /** SPEC §9 units: km above 1000 m, miles above 1609 m, else metres or feet. */
    distance: (meters: number) => {
      const { value, unit } = displayDistance(meters, useMiles);
      return units[unit].format(value);
    },
    /** SPEC §9: under 15 s with one decimal and a unit ("9.4 s"), otherwise minutes:seconds ("1:05"). */
    seconds: (ms: number) => {
      const seconds = Math.max(0, ms / 1000);
      if (seconds >= 15) return formatSeconds(seconds);
      return t('units.s', { value: oneDecimal.format(Math.floor(seconds * 10) / 10) });
    },
    /** A calendar date in the player's time zone. */
    date: (iso: string) => mediumDate.format(new Date(iso)),
    /** SPEC §9: Unix seconds as local date and time. */
    unixDateTime: (seconds: number) => dateTime.format(new Date(seconds * 1000)),
    /** SPEC §9: an 8-character date ("20261126") as year-month-day, worded in the language; as given if not a date. */
    dateKey: (key: string) => {
      const parts = dateKeyParts(key);
      return parts ? mediumDateUtc.format(new Date(Date.UTC(parts.year, parts.month - 1, parts.day))) : key;
    },
  };
}

export type Formatters = ReturnType<typeof makeFormatters>;
