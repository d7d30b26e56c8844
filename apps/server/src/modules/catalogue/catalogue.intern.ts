// Sharing equal values inside one read model (docs/decisions/0008-in-process-catalogue-indexes.md, "Size"):
// every row the driver hands over carries its own copy of each string and each parsed JSON object, so a
// category id, a price, a unit or an image held by thousands of items is thousands of copies. One copy
// each is kept instead; the models never change what they hold, so sharing is safe.

/** Equal strings as one string (per build: the map goes with the builder). */
export class Interner {
  private readonly strings = new Map<string, string>();

  of<S extends string | null | undefined>(s: S): S {
    if (typeof s !== 'string') return s;
    const known = this.strings.get(s);
    if (known !== undefined) return known as S;
    this.strings.set(s, s);
    return s;
  }
}
