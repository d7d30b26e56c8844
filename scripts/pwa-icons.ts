/**
 * The installed app's icons (issue #36 point 4, decision 0031), rendered once from the default logo
 * (apps/web/public/favicon.svg) and committed under apps/web/public/icons/: `node scripts/pwa-icons.ts` again
 * when the logo changes. sharp is the server's image library (apps/server); nothing of this runs at build time.
 *
 * - icon-192.png, icon-512.png: the logo as it is (purpose "any");
 * - maskable-512.png: the logo's mark on a full square of its background colour, within the central 80 % circle a
 *   launcher may cut out (purpose "maskable");
 * - apple-touch-icon.png (180): the full square too, since iOS rounds the corners itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(web, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="(#[0-9A-Fa-f]{6})"/.exec(svg)?.[1] ?? '#1C4E80';
const mark = svg.replace(/<title>.*?<\/title>/, '').replace(/<rect[^>]*\/>/, '');
// the mark in the middle 60 % of a full square: inside the maskable safe zone (a circle of 80 % diameter)
const fullSquare = mark.replace(
  /<svg([^>]*)viewBox="0 0 64 64"([^>]*)>/,
  `<svg$1viewBox="-10.67 -10.67 85.33 85.33"$2><rect x="-10.67" y="-10.67" width="85.33" height="85.33" fill="${background}"/>`,
);

async function render(source: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(source), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(web, 'icons', file));
  console.log(`icons/${file} ${size}×${size}`);
}

await render(svg, 192, 'icon-192.png');
await render(svg, 512, 'icon-512.png');
await render(fullSquare, 512, 'maskable-512.png');
await render(fullSquare, 180, 'apple-touch-icon.png');
