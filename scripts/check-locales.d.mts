export declare const localesDir: string;
export declare function readLocale(code: string): any;
export declare function localeCodes(): string[];
export declare function pluralCategories(code: string, type?: 'cardinal' | 'ordinal'): string[];
export declare function checkLocale(english: unknown, locale: unknown, code: string): string[];
