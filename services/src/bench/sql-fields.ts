/**
 * The expression the read store indexes a document field by, spelled out as a person would copy it into
 * hand-written SQL (the benches' baselines): the same expression, so the same indexes serve both sides.
 */
export const field = (name: string) =>
  `CASE json_type(body, '$.${name}') WHEN 'object' THEN x'00' WHEN 'array' THEN x'01' WHEN 'false' THEN x'02' WHEN 'true' THEN x'03' ELSE json_extract(body, '$.${name}') END`;
