import type { Document, Scalar } from './read-store.port.js';

/**
 * The checks every read store adapter makes on what it is given, so that a name or value one adapter
 * refuses is refused by all (read-store.contract.ts holds them to it).
 */

/** Field names go into SQL and into MongoDB paths: plain names only (no dots, no `$`). */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Collection names appear in index and collection names; kept free of quotes and other surprises. */
/** An optional `@g` suffix names a generation of the collection (generations.ts). */
export const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(@[1-9][0-9]*)?$/;

export function checkField(field: string): string {
  if (typeof field !== 'string' || !FIELD_NAME.test(field)) {
    throw new TypeError(`read store: invalid field name ${JSON.stringify(field)} (letters, digits and _ only)`);
  }
  return field;
}

export function checkScalar(field: string, value: unknown): Scalar {
  const valid =
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value));
  if (!valid) throw new TypeError(`read store: field "${field}" cannot be compared with ${String(value)}`);
  return value as Scalar;
}

export function checkCount(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`read store: ${name} must be a whole number ≥ 0, not ${String(value)}`);
  }
  return value;
}

export function checkCollection(collection: string): string {
  if (typeof collection !== 'string' || !COLLECTION_NAME.test(collection)) {
    throw new TypeError(`read store: invalid collection name ${JSON.stringify(collection)}`);
  }
  return collection;
}

/** A document's id must be a non-empty string. */
export function checkDocumentId(collection: string, document: Document): string {
  if (typeof document?.id !== 'string' || document.id === '') {
    throw new TypeError(`read store: a document in "${collection}" has no string id`);
  }
  return document.id;
}

/** The document as JSON text; refuses what JSON cannot hold (a bigint, a cycle). */
export function serialise(collection: string, document: Document): string {
  try {
    return JSON.stringify(document);
  } catch (error) {
    throw new TypeError(`read store: document ${collection}/${document.id} cannot be stored as JSON`, { cause: error });
  }
}

/** A deletePrefix's prefix must be a non-empty string (an empty one would empty the collection). */
export function checkPrefix(collection: string, prefix: string): string {
  if (typeof prefix !== 'string' || prefix === '') {
    throw new TypeError(`read store: a deletePrefix in "${collection}" needs a non-empty string prefix`);
  }
  return prefix;
}

/**
 * The ids beginning with `prefix` as a range, `from` ≤ id < `to` (`to` null: no upper bound), exact in
 * code point order (and so in UTF-8 byte order, SQLite's): `to` is the prefix with its last code point
 * made the next one, the next one after any surrogate; a last U+10FFFF is dropped and the one before moved.
 */
export function prefixRange(prefix: string): { from: string; to: string | null } {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last === 0x10ffff) continue;
    const next = last + 1 >= 0xd800 && last + 1 <= 0xdfff ? 0xe000 : last + 1;
    return { from: prefix, to: points.join('') + String.fromCodePoint(next) };
  }
  return { from: prefix, to: null };
}
