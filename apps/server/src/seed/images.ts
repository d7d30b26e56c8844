import sharp from 'sharp';
import type { Shape } from './catalogue-data.ts';

/** Generated demo pictures: a simple drawing per shape, coloured per category, with a caption. */

const W = 400;
const H = 300;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const wheel = (x: number, y: number, r = 16) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#343a40"/><circle cx="${x}" cy="${y}" r="${r / 2.5}" fill="#adb5bd"/>`;

/** Drawings live in the box x 60..340, y 30..225; `c` is the category colour. */
const drawings: Record<Shape, (c: string) => string> = {
  fence: (c) =>
    `<rect x="60" y="60" width="280" height="150" fill="none" stroke="${c}" stroke-width="8"/>` +
    Array.from(
      { length: 13 },
      (_, i) =>
        `<line x1="${80 + i * 20}" y1="60" x2="${80 + i * 20}" y2="210" stroke="${c}" stroke-width="2"/>`,
    ).join('') +
    Array.from(
      { length: 6 },
      (_, i) =>
        `<line x1="60" y1="${80 + i * 22}" x2="340" y2="${80 + i * 22}" stroke="${c}" stroke-width="2"/>`,
    ).join('') +
    `<rect x="40" y="205" width="60" height="20" fill="#868e96"/><rect x="300" y="205" width="60" height="20" fill="#868e96"/>`,
  foot: (c) =>
    `<polygon points="110,220 290,220 260,150 140,150" fill="${c}"/><rect x="170" y="120" width="14" height="40" fill="#868e96"/><rect x="216" y="120" width="14" height="40" fill="#868e96"/>`,
  'sign-round': (c) =>
    `<rect x="192" y="150" width="16" height="75" fill="#868e96"/><circle cx="200" cy="105" r="72" fill="#fff" stroke="${c}" stroke-width="16"/>`,
  'sign-triangle': (c) =>
    `<rect x="192" y="150" width="16" height="75" fill="#868e96"/><polygon points="200,30 285,175 115,175" fill="#fff" stroke="${c}" stroke-width="14"/>`,
  'sign-square': (c) =>
    `<rect x="192" y="150" width="16" height="75" fill="#868e96"/><rect x="120" y="40" width="160" height="120" fill="${c}" rx="8"/><polygon points="150,100 230,70 230,130" fill="#fff"/>`,
  cone: (c) =>
    `<rect x="130" y="205" width="140" height="20" fill="#343a40"/><polygon points="200,35 255,205 145,205" fill="${c}"/><polygon points="185,85 215,85 225,120 175,120" fill="#fff"/><polygon points="168,140 232,140 242,170 158,170" fill="#fff"/>`,
  'traffic-light': (c) =>
    `<rect x="192" y="150" width="16" height="75" fill="#868e96"/><rect x="160" y="30" width="80" height="135" rx="10" fill="#343a40"/><circle cx="200" cy="60" r="16" fill="#fa5252"/><circle cx="200" cy="98" r="16" fill="${c}"/><circle cx="200" cy="136" r="16" fill="#40c057"/>`,
  cabin: (c) =>
    `<rect x="50" y="70" width="300" height="135" fill="${c}" rx="4"/><rect x="75" y="95" width="60" height="45" fill="#e7f5ff"/><rect x="155" y="95" width="60" height="45" fill="#e7f5ff"/><rect x="260" y="110" width="50" height="95" fill="#fff" opacity="0.8"/>${wheel(110, 215)}${wheel(290, 215)}`,
  container: (c) =>
    `<rect x="45" y="75" width="310" height="140" fill="${c}"/>` +
    Array.from(
      { length: 14 },
      (_, i) =>
        `<line x1="${60 + i * 21}" y1="80" x2="${60 + i * 21}" y2="210" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>`,
    ).join(''),
  skip: (c) =>
    `<polygon points="60,90 340,90 300,215 100,215" fill="${c}"/><rect x="60" y="82" width="280" height="12" fill="#343a40"/>`,
  generator: (c) =>
    `<rect x="70" y="70" width="260" height="130" rx="8" fill="${c}"/><rect x="95" y="95" width="90" height="50" fill="#343a40"/>` +
    Array.from(
      { length: 6 },
      (_, i) => `<rect x="210" y="${92 + i * 15}" width="95" height="7" fill="#000" opacity="0.25"/>`,
    ).join('') +
    `${wheel(110, 210)}${wheel(290, 210)}`,
  cabinet: (c) =>
    `<rect x="130" y="40" width="140" height="165" rx="6" fill="${c}"/><rect x="150" y="60" width="100" height="40" fill="#fff" opacity="0.6"/>` +
    Array.from({ length: 4 }, (_, i) => `<circle cx="${160 + i * 27}" cy="150" r="10" fill="#343a40"/>`).join(
      '',
    ) +
    `<rect x="150" y="205" width="20" height="20" fill="#868e96"/><rect x="230" y="205" width="20" height="20" fill="#868e96"/>`,
  cable: (c) =>
    `<circle cx="200" cy="125" r="85" fill="none" stroke="${c}" stroke-width="18"/><circle cx="200" cy="125" r="55" fill="none" stroke="${c}" stroke-width="18"/><circle cx="200" cy="125" r="25" fill="#343a40"/>`,
  mast: (c) =>
    `<rect x="194" y="50" width="12" height="140" fill="#868e96"/><rect x="150" y="30" width="100" height="30" fill="${c}"/>` +
    [165, 188, 212, 235].map((x) => `<circle cx="${x}" cy="45" r="9" fill="#fff"/>`).join('') +
    `<rect x="120" y="175" width="160" height="40" rx="4" fill="${c}"/>${wheel(140, 220, 13)}${wheel(260, 220, 13)}`,
  lamp: (c) =>
    `<rect x="120" y="50" width="160" height="110" rx="10" fill="${c}"/><rect x="140" y="70" width="120" height="70" rx="6" fill="#fff9db"/><line x1="200" y1="160" x2="150" y2="225" stroke="#343a40" stroke-width="8"/><line x1="200" y1="160" x2="250" y2="225" stroke="#343a40" stroke-width="8"/>`,
  compactor: (c) =>
    `<rect x="90" y="180" width="220" height="30" fill="#343a40"/><rect x="130" y="110" width="140" height="70" rx="8" fill="${c}"/><line x1="250" y1="110" x2="320" y2="45" stroke="#343a40" stroke-width="10"/><line x1="300" y1="40" x2="340" y2="60" stroke="#343a40" stroke-width="10"/>`,
  rammer: (c) =>
    `<rect x="170" y="170" width="70" height="45" fill="#343a40"/><rect x="160" y="70" width="90" height="100" rx="8" fill="${c}"/><rect x="120" y="45" width="170" height="14" rx="7" fill="#343a40"/>`,
  roller: (c) =>
    `<rect x="110" y="80" width="180" height="80" rx="8" fill="${c}"/><circle cx="110" cy="175" r="42" fill="#868e96"/><circle cx="290" cy="175" r="42" fill="#868e96"/><rect x="170" y="40" width="60" height="45" fill="#343a40" opacity="0.7"/>`,
  scaffold: (c) =>
    `<line x1="110" y1="30" x2="110" y2="210" stroke="${c}" stroke-width="10"/><line x1="290" y1="30" x2="290" y2="210" stroke="${c}" stroke-width="10"/>` +
    [60, 120, 180].map((y) => `<rect x="100" y="${y}" width="200" height="10" fill="#868e96"/>`).join('') +
    `<line x1="110" y1="70" x2="290" y2="180" stroke="${c}" stroke-width="6"/>${wheel(110, 218, 10)}${wheel(290, 218, 10)}`,
  ladder: (c) =>
    `<line x1="150" y1="30" x2="130" y2="225" stroke="${c}" stroke-width="12"/><line x1="250" y1="30" x2="270" y2="225" stroke="${c}" stroke-width="12"/>` +
    Array.from(
      { length: 8 },
      (_, i) =>
        `<line x1="${148 - i * 2.5}" y1="${50 + i * 23}" x2="${252 + i * 2.5}" y2="${50 + i * 23}" stroke="${c}" stroke-width="8"/>`,
    ).join(''),
  scissor: (c) =>
    `<rect x="90" y="40" width="220" height="25" fill="${c}"/><line x1="100" y1="70" x2="300" y2="175" stroke="#343a40" stroke-width="10"/><line x1="300" y1="70" x2="100" y2="175" stroke="#343a40" stroke-width="10"/><rect x="80" y="175" width="240" height="30" fill="${c}"/>${wheel(115, 210, 13)}${wheel(285, 210, 13)}`,
  boom: (c) =>
    `<rect x="70" y="170" width="200" height="35" fill="${c}"/><line x1="150" y1="170" x2="230" y2="90" stroke="#343a40" stroke-width="14"/><line x1="230" y1="90" x2="300" y2="50" stroke="#343a40" stroke-width="12"/><rect x="290" y="30" width="50" height="30" fill="${c}"/>${wheel(100, 210)}${wheel(240, 210)}`,
  hoist: (c) =>
    `<line x1="120" y1="225" x2="280" y2="30" stroke="#868e96" stroke-width="14"/><rect x="170" y="120" width="70" height="45" fill="${c}"/><rect x="90" y="195" width="60" height="30" fill="${c}"/>`,
  pump: (c) =>
    `<rect x="150" y="60" width="100" height="140" rx="20" fill="${c}"/><rect x="150" y="185" width="100" height="25" fill="#343a40"/><path d="M200 60 C200 20 300 20 320 60" fill="none" stroke="#343a40" stroke-width="12"/>`,
  hose: (c) =>
    `<path d="M60 180 C120 60 200 230 260 110 S340 90 340 60" fill="none" stroke="${c}" stroke-width="22" stroke-linecap="round"/><rect x="320" y="40" width="40" height="30" fill="#868e96"/>`,
  tool: (c) =>
    `<rect x="80" y="90" width="190" height="60" rx="25" fill="${c}"/><rect x="270" y="110" width="70" height="18" fill="#868e96"/><rect x="130" y="145" width="50" height="75" rx="12" fill="#343a40"/>`,
  saw: (c) =>
    `<circle cx="240" cy="130" r="75" fill="#ced4da" stroke="#868e96" stroke-width="6"/><circle cx="240" cy="130" r="12" fill="#343a40"/><rect x="70" y="100" width="120" height="60" rx="15" fill="${c}"/>`,
  laser: (c) =>
    `<line x1="200" y1="150" x2="130" y2="225" stroke="#343a40" stroke-width="7"/><line x1="200" y1="150" x2="270" y2="225" stroke="#343a40" stroke-width="7"/><line x1="200" y1="150" x2="200" y2="225" stroke="#343a40" stroke-width="7"/><rect x="160" y="60" width="80" height="90" rx="10" fill="${c}"/><rect x="175" y="35" width="50" height="30" fill="#e03131" opacity="0.8"/>`,
  heater: (c) =>
    `<rect x="80" y="80" width="240" height="110" rx="50" fill="${c}"/><circle cx="300" cy="135" r="38" fill="#343a40"/><circle cx="300" cy="135" r="24" fill="#ff922b"/>${wheel(120, 205, 14)}${wheel(260, 205, 14)}`,
  excavator: (c) =>
    `<rect x="70" y="180" width="200" height="35" rx="17" fill="#343a40"/><rect x="90" y="110" width="150" height="70" fill="${c}"/><rect x="180" y="70" width="60" height="45" fill="${c}"/><line x1="240" y1="120" x2="310" y2="60" stroke="${c}" stroke-width="16"/><line x1="310" y1="60" x2="340" y2="160" stroke="${c}" stroke-width="14"/><polygon points="320,160 360,160 345,200" fill="#343a40"/>`,
  dumper: (c) =>
    `<polygon points="60,90 220,90 200,170 80,170" fill="${c}"/><rect x="220" y="110" width="90" height="60" fill="${c}"/><rect x="250" y="70" width="50" height="45" fill="none" stroke="#343a40" stroke-width="6"/>${wheel(110, 195, 28)}${wheel(270, 195, 28)}`,
  crane: (c) =>
    `<rect x="110" y="185" width="180" height="30" rx="15" fill="#343a40"/><rect x="150" y="140" width="100" height="45" fill="${c}"/><line x1="200" y1="140" x2="320" y2="40" stroke="${c}" stroke-width="14"/><line x1="320" y1="40" x2="320" y2="140" stroke="#343a40" stroke-width="3"/><rect x="310" y="140" width="20" height="15" fill="#343a40"/>`,
  sling: (c) =>
    `<circle cx="200" cy="55" r="22" fill="none" stroke="#868e96" stroke-width="10"/><line x1="190" y1="75" x2="110" y2="200" stroke="${c}" stroke-width="16"/><line x1="210" y1="75" x2="290" y2="200" stroke="${c}" stroke-width="16"/><rect x="90" y="195" width="220" height="25" fill="#868e96"/>`,
  roll: (c) => `<rect x="110" y="60" width="180" height="150" rx="18" fill="${c}"/>`,
};

function svgFor(shape: Shape, colour: string, title: string, caption: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#f8f9fa"/>` +
    `<rect width="${W}" height="${H}" fill="${colour}" opacity="0.08"/>` +
    drawings[shape](colour) +
    `<rect y="${H - 58}" width="${W}" height="58" fill="${colour}"/>` +
    `<text x="16" y="${H - 33}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="20" font-weight="bold" fill="#fff">${esc(caption)}</text>` +
    `<text x="16" y="${H - 11}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="13" fill="#fff">${esc(title.length > 52 ? `${title.slice(0, 51)}…` : title)}</text>` +
    `</svg>`
  );
}

export async function renderPicture(
  shape: Shape,
  colour: string,
  title: string,
  caption: string,
): Promise<Buffer> {
  return sharp(Buffer.from(svgFor(shape, colour, title, caption)))
    .webp({ quality: 72, effort: 2 })
    .toBuffer();
}

export async function renderLogo(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="80" viewBox="0 0 360 80">` +
    `<rect x="4" y="10" width="60" height="60" rx="10" fill="#1C4E80"/><polygon points="14,60 34,22 54,60" fill="#F59F00"/>` +
    `<text x="76" y="50" font-family="DejaVu Sans, sans-serif" font-size="28" font-weight="bold" fill="#1C4E80">Materieelportaal</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function renderFavicon(): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="12" fill="#1C4E80"/><polygon points="12,52 32,12 52,52" fill="#F59F00"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function renderBanner(): Promise<Buffer> {
  const cranes = Array.from({ length: 6 }, (_, i) => {
    const x = 120 + i * 260;
    const h = 140 + ((i * 53) % 90);
    return `<rect x="${x}" y="${400 - h}" width="10" height="${h}" fill="#fff" opacity="0.25"/><rect x="${x - 60}" y="${400 - h}" width="190" height="8" fill="#fff" opacity="0.25"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#143A60"/><stop offset="1" stop-color="#1C4E80"/></linearGradient></defs>` +
    `<rect width="1600" height="400" fill="url(#g)"/>${cranes}` +
    `<rect y="360" width="1600" height="40" fill="#F59F00"/>` +
    Array.from(
      { length: 40 },
      (_, i) =>
        `<polygon points="${i * 40},400 ${i * 40 + 20},360 ${i * 40 + 40},360 ${i * 40 + 20},400" fill="#1A1B1E" opacity="0.8"/>`,
    ).join('') +
    `</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
}
