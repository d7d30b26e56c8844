/** What an image belongs to; the first part of its URL. */
export const imageTypes = ['item', 'category', 'set', 'corporate', 'content'] as const;
export type ImageType = (typeof imageTypes)[number];

/** Content types an image answer may carry (anything else stored under an image slot is not served). */
export const servableImageTypes: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);

/**
 * The URL of an image (served by modules/images). `version` (part of the content hash) changes when the
 * image does, so the day-long public caching never shows an old picture after a change.
 */
export function imageUrl(type: ImageType, id: string, version?: string | null): string {
  const base = `/api/v2.0/Images/single/${type}/${encodeURIComponent(id)}`;
  return version ? `${base}?v=${version.slice(0, 12)}` : base;
}
