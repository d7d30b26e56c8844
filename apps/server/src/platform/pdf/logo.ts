import { loadSharp } from '../files/sharp.ts';
import { sha256 } from '../files/storage.ts';

// why: every note of a day shows the same logo; converting it once per process, not once per document.
const cache = new Map<string, Promise<Buffer | null>>();
const CACHE_LIMIT = 8;

/**
 * A stored image (PNG, JPEG, WebP, GIF — whatever the corporate identity upload kept) as pdfkit embeds it fast:
 * a PNG on white without an alpha channel, at most 600 × 200 pixels. Null when the bytes are no image.
 */
export function pdfLogo(bytes: Buffer): Promise<Buffer | null> {
  const key = sha256(bytes);
  let made = cache.get(key);
  if (!made) {
    made = loadSharp()
      .then((sharp) =>
        sharp(bytes)
          .flatten({ background: '#ffffff' })
          .resize({ width: 600, height: 200, fit: 'inside', withoutEnlargement: true })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      )
      .catch(() => null);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, made);
  }
  return made;
}
