/**
 * The location selector's filter and label (product §2 Location selector, §5 Location filter).
 * Works on the v2 shape (locationNo, description, description2); the legacy names are nummer,
 * omschrijving, omschrijving2.
 */

export interface FilterableLocation {
  locationNo: string;
  description: string;
  description2: string | null;
}

/** Lowercased, trimmed, whitespace collapsed, split into words; an empty text gives no words. */
export function locationFilterWords(text: string): string[] {
  const normalized = text.toLowerCase().trim().replace(/\s+/g, ' ');
  return normalized === '' ? [] : normalized.split(' ');
}

/**
 * An entry matches when all words are in the description, or all words are in the second
 * description, or any word is in the number. No words: everything matches.
 */
export function locationMatches(location: FilterableLocation, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const description = descriptionOf(location).toLowerCase();
  const description2 = (location.description2 ?? '').toLowerCase();
  const number = location.locationNo.toLowerCase();
  return (
    words.every((w) => description.includes(w)) ||
    (description2 !== '' && words.every((w) => description2.includes(w))) ||
    words.some((w) => number.includes(w))
  );
}

export function filterLocations<T extends FilterableLocation>(locations: readonly T[], text: string): T[] {
  const words = locationFilterWords(text);
  return locations.filter((l) => locationMatches(l, words));
}

/** The description defaults to the number (product §3). */
export function descriptionOf(location: FilterableLocation): string {
  return location.description.trim() === '' ? location.locationNo : location.description;
}

/** "nummer - omschrijving - omschrijving2"; the second description is left out when empty. */
export function locationLabel(location: FilterableLocation): string {
  const parts = [location.locationNo, descriptionOf(location)];
  if (location.description2 && location.description2.trim() !== '') parts.push(location.description2);
  return parts.join(' - ');
}
