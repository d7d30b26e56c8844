import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sendExport, sendStoredFile } from './send-file.ts';

describe('sending a file', () => {
  it('builds an attachment header that cannot be broken out of', () => {
    const h = contentDisposition('rapport "x"\r\nSet-Cookie: a=b.pdf');
    expect(h.startsWith('attachment; filename="')).toBe(true);
    expect(h).not.toMatch(/[\r\n]/);
    expect(h.match(/"/g)?.length).toBe(2);
    expect(contentDisposition('één.pdf')).toContain("filename*=UTF-8''%C3%A9%C3%A9n.pdf");
    expect(contentDisposition('../../etc/passwd', 'inline')).toBe(
      `inline; filename="passwd"; filename*=UTF-8''passwd`,
    );
  });

  it('shows PDFs and photos, downloads anything else, and never lets a cache or a sniffer have it', async () => {
    const app = Fastify();
    app.get('/:type', (req, reply) => {
      const type = (req.params as { type: string }).type === 'pdf' ? 'application/pdf' : 'text/html';
      return sendStoredFile(reply, { bytes: Buffer.from('x'), fileName: 'a<b>.x', contentType: type });
    });
    app.get('/export', (_req, reply) =>
      sendExport(reply, { format: 'csv', fileName: 'voorraad.csv', body: 'a;b\n' }),
    );
    const pdf = await app.inject('/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="a b .x"/);
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pdf.headers['cache-control']).toBe('private, no-cache');
    const html = await app.inject('/html');
    expect(html.headers['content-type']).toBe('text/html');
    expect(html.headers['content-disposition']).toMatch(/^attachment; /);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    const csv = await app.inject('/export');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="voorraad.csv"; filename*=UTF-8''voorraad.csv`,
    );
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body).toBe('a;b\n');
    await app.close();
  });
});
