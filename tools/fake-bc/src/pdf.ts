/**
 * A one-page PDF (PDF 1.4, Helvetica, WinAnsi text) with a title and lines: what the fake answers for a sales
 * document's pdfDocumentContent. Small and valid, so a client can store it and a viewer can open it.
 */

function escapeText(s: string): string {
  return s
    .replace(/€/g, 'EUR')
    .replace(/[^\x20-\xff]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

export function renderPdf(title: string, lines: readonly string[]): Buffer {
  const shown = lines.slice(0, 60);
  const content = [
    'BT',
    '/F1 16 Tf',
    '50 800 Td',
    `(${escapeText(title)}) Tj`,
    '/F1 9 Tf',
    '0 -24 Td',
    ...shown.flatMap((l) => [`(${escapeText(l)}) Tj`, '0 -12 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
