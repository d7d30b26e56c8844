import { locales, translate } from '@mp/contract/i18n';
import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../../platform/pdf/pdf.ts';
import { readPdf } from '../../platform/pdf/pdf-text.test-support.ts';
import { type InvoicePdf, invoiceCategory, invoiceTitle, renderInvoicePdf } from './invoice-pdf.ts';

const descriptions = [
  'Bouwhek 3,50 × 2,00 m verzinkt',
  'Schaftkeet 6 m met toilet',
  'Aggregaat 20 kVA geluidgedempt',
  'Rolsteiger 5,20 m werkhoogte',
];

function invoice(overrides: Partial<InvoicePdf> = {}, lineCount = 4): InvoicePdf {
  return {
    kind: 'invoice',
    documentNo: 'F-2026-000123',
    documentDate: '2026-11-30',
    dueDate: '2026-12-30',
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
    appliesToDocumentNo: null,
    yourReference: 'PO 4500012345',
    currency: 'EUR',
    customer: {
      no: 'K-1001',
      name: 'Bouwbedrijf Van Dijk B.V.',
      street: 'Industrieweg 8',
      postcode: '3542 AD',
      city: 'Utrecht',
    },
    location: { no: 'P-24001', description: 'Nieuwbouw De Werf' },
    lines: Array.from({ length: lineCount }, (_, i) => ({
      lineNo: (i + 1) * 10000,
      kind: i % 4 === 3 ? ('cost' as const) : ('rental' as const),
      itemNo: `BH-${1001 + i}`,
      description: `${descriptions[i % 4]} #${i + 1}`,
      plantNo: i % 2 ? null : `MS-${50000 + i}`,
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      days: i % 4 === 3 ? null : 30,
      quantity: i % 2 ? '25' : '1',
      priceUnit: i % 4 === 3 ? null : ('day' as const),
      unitCount: i % 4 === 3 ? null : 30,
      unitPrice: '1.25',
      discountPercent: i === 0 ? '10' : '0',
      amount: '100.00',
    })),
    amountExclVat: '1020.30',
    vatPercent: '21',
    vatAmount: '214.26',
    amountInclVat: '1234.56',
    ...overrides,
  };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');
const textOf = async (doc: InvoicePdf, locale: (typeof locales)[number]) =>
  oneLine((await readPdf(await renderInvoicePdf(doc, locale, defaultBrand))).text);

describe('renderInvoicePdf', () => {
  it('makes a valid PDF holding the number, each line, the totals and the payment terms (nl)', async () => {
    const bytes = await renderInvoicePdf(invoice(), 'nl-NL', defaultBrand, {
      created: new Date('2026-11-30T10:00:00Z'),
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF/);
    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe('Factuur F-2026-000123');
    const text = oneLine(pdf.text);
    for (const expected of [
      'Factuur',
      'F-2026-000123',
      'Factuurdatum',
      '30-11-2026',
      'Vervaldatum',
      '30-12-2026',
      '01-11-2026 t/m 30-11-2026',
      'PO 4500012345',
      'K-1001',
      'Bouwbedrijf Van Dijk B.V.',
      'P-24001 – Nieuwbouw De Werf',
      'MS-50000',
      'Btw 21%',
      'Totaal excl. btw',
      'Totaal incl. btw',
      'Pagina 1 van 1',
      'Gemaakt op 30-11-2026',
    ])
      expect(text).toContain(expected);
    for (const l of invoice().lines) expect(text).toContain(l.description);
    // Money for the locale: € 1.234,56 (a space or none between the sign and the amount, as pdf text comes out).
    expect(text).toMatch(/€\s?1\.234,56/);
    expect(text).toMatch(/€\s?1\.020,30/);
    expect(text).toMatch(/€\s?214,26/);
    expect(text).toMatch(/€\s?1,25 /);
    expect(text).toContain('10%');
    expect(text).toMatch(/uiterlijk 30-12-2026 te voldoen onder vermelding van factuurnummer F-2026-000123/);
    // Kinds other than rental are named on their line.
    expect(text).toContain('Rolsteiger 5,20 m werkhoogte #4 (BH-1004) · Kosten');
  });

  it('formats the amounts and dates for each locale and titles the document in its language', async () => {
    const expected = {
      'nl-NL': { title: 'Factuur', total: /€\s?1\.234,56/, words: ['Uw referentie', 'Totaal incl. btw'] },
      'en-US': {
        title: 'Invoice',
        total: /€1,234\.56/,
        words: ['Your reference', 'Total incl. VAT', '11/30/2026'],
      },
      'fr-FR': {
        title: 'Facture',
        total: /1\s?234,56\s?€/,
        words: ['Votre référence', 'Total TTC', 'TVA 21 %'],
      },
      'de-DE': {
        title: 'Rechnung',
        total: /1\.234,56\s?€/,
        words: ['Ihre Referenz', 'Summe brutto', '30.11.2026'],
      },
    } as const;
    const titles = new Set<string>();
    for (const locale of locales) {
      const e = expected[locale];
      const pdf = await readPdf(await renderInvoicePdf(invoice(), locale, defaultBrand));
      expect(pdf.title).toBe(`${e.title} F-2026-000123`);
      const text = oneLine(pdf.text);
      expect(text, locale).toMatch(e.total);
      for (const word of e.words) expect(text, `${locale}: ${word}`).toContain(word);
      for (const l of invoice().lines) expect(text, locale).toContain(l.description);
      titles.add(invoiceTitle(locale, 'invoice'));
    }
    expect(titles.size).toBe(4);
    expect(invoiceTitle('nl-NL', 'invoice')).not.toBe(invoiceTitle('en-US', 'invoice'));
    expect(invoiceTitle('nl-NL', 'credit_memo')).toBe('Creditnota');
    expect(invoiceTitle('en-US', 'credit_memo')).toBe('Credit memo');
  });

  it('runs 250 lines over several pages with every line, the header repeated and every page numbered', async () => {
    const doc = invoice({}, 250);
    const pdf = await readPdf(await renderInvoicePdf(doc, 'en-US', defaultBrand));
    const pages = pdf.pages.length;
    expect(pages).toBeGreaterThanOrEqual(4);
    pdf.pages.forEach((page, i) => {
      expect(oneLine(page)).toContain(`Page ${i + 1} of ${pages}`);
    });
    for (const page of pdf.pages.slice(1)) expect(page).toContain('Plant no.');
    const text = oneLine(pdf.text);
    for (const l of doc.lines) expect(text).toContain(l.description);
    // The totals and the payment terms come once, after the last line.
    expect(pdf.pages.at(-1)).toContain('Total incl. VAT');
    expect(pdf.pages.slice(0, -1).join('')).not.toContain('Total incl. VAT');
    expect(oneLine(pdf.pages.at(-1) ?? '')).toMatch(/Please pay the amount of €1,234\.56 by 12\/30\/2026/);
  });

  it('names the invoice a credit memo corrects, in every locale', async () => {
    const memo = invoice({
      kind: 'credit_memo',
      documentNo: 'C-2026-000124',
      appliesToDocumentNo: 'F-2026-000123',
      yourReference: null,
      lines: [
        {
          lineNo: 10000,
          kind: 'credit',
          itemNo: 'BH-1001',
          description: 'Creditering huur bouwhek, te veel gefactureerd',
          plantNo: null,
          periodFrom: '2026-11-20',
          periodTo: '2026-11-30',
          days: 11,
          quantity: '25',
          priceUnit: 'day',
          unitCount: 11,
          unitPrice: '-0.40',
          discountPercent: '0',
          amount: '-110.00',
        },
      ],
      amountExclVat: '-110.00',
      vatAmount: '-23.10',
      amountInclVat: '-133.10',
    });
    const expected = {
      'nl-NL': ['Creditnota', 'Correctie van factuur', 'Deze creditnota corrigeert factuur F-2026-000123.'],
      'en-US': ['Credit memo', 'Correction of invoice', 'This credit memo corrects invoice F-2026-000123.'],
      'fr-FR': ['Avoir', 'Rectification de la facture', 'Cet avoir rectifie la facture F-2026-000123.'],
      'de-DE': [
        'Gutschrift',
        'Korrektur der Rechnung',
        'Diese Gutschrift korrigiert die Rechnung F-2026-000123.',
      ],
    } as const;
    for (const locale of locales) {
      const text = await textOf(memo, locale);
      for (const word of expected[locale]) expect(text, `${locale}: ${word}`).toContain(word);
      expect(text).toContain('C-2026-000124');
      expect(text).toContain('Creditering huur bouwhek, te veel gefactureerd');
    }
    const nl = await textOf(memo, 'nl-NL');
    expect(nl).toMatch(/-\s?€\s?133,10|€\s?-133,10/);
    expect(nl).toContain('wordt verrekend met factuur F-2026-000123');
    // A credit memo is not due: no due date.
    expect(nl).not.toContain('Vervaldatum');
  });

  it('breaks no label inside a word, in every locale (issue #31 item 16: "Creditnotanum/mer")', async () => {
    for (const kind of ['invoice', 'credit_memo'] as const) {
      const doc = invoice({
        kind,
        appliesToDocumentNo: kind === 'credit_memo' ? 'F-2026-000100' : null,
        lines: [{ ...invoice().lines[0], amount: '-12345.67' }],
        amountExclVat: '-12345.67',
        vatAmount: '-2592.59',
        amountInclVat: '-14938.26',
      });
      for (const locale of locales) {
        const text = await textOf(doc, locale);
        const t = (key: string) => oneLine(translate(locale, `Factuur.${key}`));
        const labels = [
          `nummer.${kind}`,
          `datum.${kind}`,
          'periode',
          'uw_referentie',
          'klantnummer',
          'naam',
          'adres',
          'locatie',
          ...(kind === 'invoice' ? ['vervaldatum'] : ['correctie_van']),
          ...[
            'omschrijving',
            'materieelnummer',
            'periode',
            'duur',
            'aantal',
            'prijs',
            'korting',
            'bedrag',
          ].map((c) => `kolom_${c}`),
          'totaal_excl',
          'totaal_incl',
        ].map(t);
        for (const label of labels) expect(text, `${locale} ${kind}: ${label}`).toContain(label);
        for (const heading of [`blok_document.${kind}`, 'blok_klant', 'blok_locatie'].map(t))
          expect(text, `${locale}: ${heading}`).toContain(heading.toUpperCase());
        // an amount never wraps either
        expect(text, locale).toMatch(/12[.,\s\u00A0\u202F]?345[.,]67/);
      }
    }
  });

  it('shows on each line the price and unit its amount was computed with (issue #31 item 16)', async () => {
    // 31 days at € 14,00 a day / € 72,15 a week: 4 weeks and 3 days, each a line of its own
    const rent = {
      kind: 'rental' as const,
      itemNo: 'SK-6',
      description: 'Schaftkeet 6 m',
      plantNo: 'MS-50001',
      discountPercent: '0',
    };
    const doc = invoice({
      lines: [
        {
          ...rent,
          lineNo: 10000,
          periodFrom: '2026-01-01',
          periodTo: '2026-01-28',
          days: 28,
          quantity: '1',
          priceUnit: 'week',
          unitCount: 4,
          unitPrice: '72.15',
          amount: '288.60',
        },
        {
          ...rent,
          lineNo: 20000,
          periodFrom: '2026-01-29',
          periodTo: '2026-01-31',
          days: 3,
          quantity: '1',
          priceUnit: 'day',
          unitCount: 3,
          unitPrice: '14.00',
          amount: '42.00',
        },
      ],
    });
    const expected = {
      'nl-NL': [/4 weken 1 € 72,15 per week € 288,60/, /3 dagen 1 € 14,00 per dag € 42,00/],
      'en-US': [/4 weeks 1 €72\.15 per week €288\.60/, /3 days 1 €14\.00 per day €42\.00/],
      'fr-FR': [/4 semaines 1 72,15 € par semaine 288,60 €/, /3 jours 1 14,00 € par jour 42,00 €/],
      'de-DE': [/4 Wochen 1 72,15 € pro Woche 288,60 €/, /3 Tage 1 14,00 € pro Tag 42,00 €/],
    } as const;
    for (const locale of locales) {
      const text = (await textOf(doc, locale)).replace(/[\u00A0\u202F]/g, ' ');
      for (const line of expected[locale]) expect(text, locale).toMatch(line);
      expect(text, locale).not.toMatch(/31 (dagen|days|jours|Tage)/);
    }
  });

  it('says so when there are no lines, and stores under the Dutch category names', async () => {
    const text = await textOf(
      invoice({ lines: [], amountExclVat: '0', vatAmount: '0', amountInclVat: '0' }),
      'nl-NL',
    );
    expect(text).toContain('Dit document heeft geen regels.');
    expect(invoiceCategory).toEqual({ invoice: 'Factuur', credit_memo: 'Creditnota' });
  });
});
