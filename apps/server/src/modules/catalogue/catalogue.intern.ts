// Sharing equal values inside one read model (docs/decisions/0008-in-process-catalogue-indexes.md, "Size"):
// every row the driver hands over carries its own copy of each string and each parsed JSON object, so a
// category id, a price, a unit or a technical value held by thousands of items is thousands of copies.
// One copy each is kept instead; the models never change what they hold, so sharing is safe.

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

/**
 * Equal read-only objects as one object, by a key the caller builds from their fields. The objects are
 * frozen: a reader that changed one would change it for every item that shares it.
 */
export class SharedObjects<T extends object> {
  private readonly objects = new Map<string, T>();

  of(key: string, make: () => T): T {
    let o = this.objects.get(key);
    if (!o) {
      o = Object.freeze(make());
      this.objects.set(key, o);
    }
    return o;
  }
}
