/**
 * A route's answer written with JSON.stringify alone, for answers built field by field from typed rows on the hot
 * read paths (catalogue pages, search, stock): re-validating each answer with zod on every reply cost ~13 % of a
 * catalogue page (decision 0008). The response schema still documents the answer, and the conformance sweep checks
 * what these routes answer against it.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
