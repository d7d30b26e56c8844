import { locales, translate } from '@mp/contract/i18n';
import { describe, expect, it } from 'vitest';
import { defaultBrand } from '../../platform/pdf/pdf.ts';
import { readPdf } from '../../platform/pdf/pdf-text.test-support.ts';
import { type OrderNote, renderOrderNote } from './order-note.ts';

function note(overrides: Partial<OrderNote> = {}, lineCount = 3): OrderNote {
  return {
    orderNo: 'O-2026-000123',
    kind: 'delivery',
    orderDate: '2026-11-10',
    plannedDate: '2026-11-12',
    executedDate: '2026-11-13',
    requestNo: 'A-2026-000045',
    reference: 'Fase 2 – kelder',
    transportMeans: 'Vrachtwagen met kraan',
    comment: 'Melden bij de uitvoerder in de bouwkeet.',
    customer: { no: 'K-1001', name: 'Bouwbedrijf Van Dijk B.V.' },
    location: {
      no: 'P-24001',
      description: 'Nieuwbouw De Werf',
      description2: 'Utrecht, Kanaalweg',
      street: 'Kanaalweg 12',
      postcode: '3526 KL',
      city: 'Utrecht',
    },
    address: {
      name: 'Bouwkeet noord',
      street: 'Kanaalweg 14',
      postcode: '3526 KL',
      city: 'Utrecht',
      contact: 'P. de Vries',
      phone: '06 1234 5678',
    },
    depot: {
      no: 'D-01',
      description: 'Depot Nieuwegein',
      street: 'Industrieweg 4',
      postcode: '3433 NL',
      city: 'Nieuwegein',
      phone: '030 241 88 00',
    },
    counterpart: null,
    lines: Array.from({ length: lineCount }, (_, i) => ({
      lineNo: i + 1,
      itemNo: `BH-${1001 + i}`,
      description: i % 2 ? 'Bouwhek 3,50 × 2,00 m verzinkt' : 'Schaftkeet 6 m met toilet',
      plantNo: i % 2 ? null : `MS-${String(50000 + i)}`,
      quantity: i % 2 ? 25 : 1,
      unit: 'stuk',
      comment: i === 0 ? 'Aan de noordzijde plaatsen' : null,
    })),
    returns: null,
    costs: [
      { description: 'Transport vrachtwagen', quantity: '1', unitPrice: '145.00', amount: '145.00' },
      { description: 'Orderkosten', quantity: '1', unitPrice: '12.50', amount: '12.50' },
    ],
    ...overrides,
  };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

describe('renderOrderNote', () => {
  it('makes a valid PDF holding the title, order number, item and plant numbers, and the total', async () => {
    const bytes = await renderOrderNote(note(), 'nl-NL', defaultBrand);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF/);
    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe('Pakbon O-2026-000123');
    const text = oneLine(pdf.text);
    for (const expected of [
      'Pakbon',
      'O-2026-000123',
      'BH-1001',
      'MS-50000',
      'BH-1003',
      'MS-50002',
      'Schaftkeet 6 m met toilet',
      'P-24001',
      'Depot Nieuwegein',
      'A-2026-000045',
      'Ontvangen door',
      'Afgeleverd door',
      'Pagina 1 van 1',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/€\s?157,50/);
  });

  it('titles the note per kind and translates its labels in every locale', async () => {
    const expected = {
      'nl-NL': ['Afvoerbon', 'Retourconditie', 'Beschadigd', 'Meegegeven door'],
      'en-US': ['Removal note', 'Return condition', 'Damaged', 'Handed over by'],
      'fr-FR': ['Bon d’enlèvement', 'État au retour', 'Endommagé', 'Remis par'],
      'de-DE': ['Abholschein', 'Zustand bei Rückgabe', 'Beschädigt', 'Übergeben von'],
    } as const;
    for (const locale of locales) {
      const bytes = await renderOrderNote(
        note({
          kind: 'removal',
          returns: {
            exitOrderNo: 'X-2026-000009',
            lines: [
              {
                lineNo: 1,
                itemNo: 'BH-1001',
                plantNo: 'MS-50000',
                quantity: 1,
                condition: 'damaged',
                remarks: 'Deuk',
                damageAmount: '85.00',
              },
              {
                lineNo: 2,
                itemNo: 'BH-1002',
                plantNo: null,
                quantity: 25,
                condition: 'good',
                remarks: null,
                damageAmount: null,
              },
            ],
          },
        }),
        locale,
        defaultBrand,
      );
      const text = oneLine((await readPdf(bytes)).text);
      for (const word of expected[locale]) expect(text, `${locale}: ${word}`).toContain(word);
      expect(text).toContain('X-2026-000009');
    }
  });

  it('writes amounts of a thousand and more in French with a space the PDF fonts have', async () => {
    const text = oneLine(
      (
        await readPdf(
          await renderOrderNote(
            note({
              costs: [{ description: 'Kraan', quantity: '1', unitPrice: '1234.50', amount: '1234.50' }],
            }),
            'fr-FR',
            defaultBrand,
          ),
        )
      ).text,
    );
    expect(text).toMatch(/1\s234,50\s?€/);
    expect(text).not.toContain('1 /234');
  });

  it('names both locations of a move', async () => {
    const text = oneLine(
      (
        await readPdf(
          await renderOrderNote(
            note({
              kind: 'move_to',
              depot: null,
              counterpart: {
                no: 'P-24002',
                description: 'Renovatie Oudegracht',
                street: null,
                postcode: null,
                city: 'Utrecht',
              },
            }),
            'en-US',
            defaultBrand,
          ),
        )
      ).text,
    );
    expect(text).toContain('Move note – incoming');
    expect(text.toLowerCase()).toContain('from location');
    expect(text).toContain('P-24002 – Renovatie Oudegracht');
  });

  it('prints names in Polish, Turkish, Cyrillic, Greek, CJK and emoji as written (issue #31 item 12)', async () => {
    const names = {
      customer: 'Przedsiębiorstwo Budowlane Łódź Sp. z o.o.',
      location: 'Şantiye İstanbul Çağlayan – ğüşıöç',
      contact: 'Łukasz Świątek',
      addressName: 'Иван Петров · Ёлка',
      phone: 'Γιώργος Παπαδόπουλος',
      reference: '工地 東京 ひらがな カタカナ 中文',
      line: 'Bouwhek 🚧 met bord 👷',
      comment: 'Осторожно: кран 🏗️ — bel Żaneta 😀',
    };
    const bytes = await renderOrderNote(
      note({
        customer: { no: 'K-1001', name: names.customer },
        location: { ...note().location, description: names.location },
        address: {
          name: names.addressName,
          street: 'ul. Źródlana 5',
          postcode: '90-001',
          city: 'Łódź',
          contact: names.contact,
          phone: names.phone,
        },
        reference: names.reference,
        comment: names.comment,
        lines: [{ ...note().lines[0], description: names.line }],
      }),
      'nl-NL',
      defaultBrand,
    );
    const text = oneLine((await readPdf(bytes)).text);
    for (const written of [...Object.values(names), 'ul. Źródlana 5', 'Łódź'])
      expect(text, written).toContain(oneLine(written));
    // what WinAnsi made of them before: 'Ø=Þ' for an emoji, 'A' for 'Ł' and the like
    expect(text).not.toMatch(/Ø=|Þ/);
    // pdfkit embeds only the glyphs used: a one-page note with four fonts stays small
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('prints a replacement mark, never other letters, for a script none of its fonts has', async () => {
    const text = oneLine(
      (await readPdf(await renderOrderNote(note({ reference: 'Kim 김민수 ok' }), 'nl-NL', defaultBrand)))
        .text,
    );
    expect(text).toContain('Kim \uFFFD\uFFFD\uFFFD ok');
  });

  it('breaks no label or column header inside a word, in every locale (issue #31 item 16)', async () => {
    for (const kind of ['delivery', 'removal'] as const) {
      const doc = note({
        kind,
        returns:
          kind === 'removal'
            ? {
                exitOrderNo: 'X-2026-000009',
                lines: [
                  {
                    lineNo: 1,
                    itemNo: 'BH-1001',
                    plantNo: 'MS-50000',
                    quantity: 1,
                    condition: 'damaged',
                    remarks: 'Deuk',
                    damageAmount: '12345.00',
                  },
                ],
              }
            : null,
      });
      for (const locale of locales) {
        const text = oneLine((await readPdf(await renderOrderNote(doc, locale, defaultBrand))).text);
        const t = (key: string) => oneLine(translate(locale, `Orderbon.${key}`));
        const labels = [
          ...[
            'ordernummer',
            'aanvraag',
            'referentie',
            'orderdatum',
            'gepland',
            'uitgevoerd',
            'transportmiddel',
          ],
          ...['klant', 'locatie', 'adres', 'naam', 'contactpersoon', 'telefoon'],
          ...[
            'nr',
            'artikel',
            'omschrijving',
            'materieelnummer',
            'aantal',
            'opmerking',
            'prijs',
            'bedrag',
          ].map((c) => `kolom_${c}`),
          ...(kind === 'removal' ? ['exitorder', 'kolom_conditie', 'kolom_schade', 'totaal_schade'] : []),
          'handtekening_naam',
          'handtekening_datum',
          'handtekening',
        ].map(t);
        for (const label of labels) expect(text, `${locale} ${kind}: ${label}`).toContain(label);
        for (const heading of ['blok_order', 'blok_locatie'].map(t))
          expect(text, `${locale}: ${heading}`).toContain(heading.toUpperCase());
      }
    }
  });

  it('prints the transport means as a label in the note language, not the stored code (issue #31 item 16)', async () => {
    const means = async (transportMeans: string, locale: (typeof locales)[number]) =>
      oneLine((await readPdf(await renderOrderNote(note({ transportMeans }), locale, defaultBrand))).text);
    for (const locale of locales) {
      const label = (code: string) => translate(locale, `wizard.transportmiddel_opties.${code}`);
      const field = translate(locale, 'Orderbon.transportmiddel');
      expect(await means('leveren', locale), locale).toContain(`${field} ${label('leveren')}`);
      expect(await means('afhalen', locale), locale).toContain(`${field} ${label('afhalen')}`);
      // a stored Dutch label (older data) is the same choice
      expect(await means('Zelf ophalen', locale), locale).toContain(`${field} ${label('ophalen')}`);
    }
    expect(await means('leveren', 'en-US')).not.toMatch(/leveren/);
    // what the department typed itself stays as written
    expect(await means('Dieplader', 'de-DE')).toContain('Transportmittel Dieplader');
  });

  it('runs 200 lines over several pages, repeating the table header and numbering every page', async () => {
    const bytes = await renderOrderNote(note({}, 200), 'nl-NL', defaultBrand);
    const pdf = await readPdf(bytes);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(4);
    const pages = pdf.pages.length;
    pdf.pages.forEach((page, i) => {
      expect(oneLine(page)).toContain(`Pagina ${i + 1} van ${pages}`);
    });
    for (const page of pdf.pages.slice(1, -1)) expect(page).toContain('Materieelnr.');
    const text = oneLine(pdf.text);
    for (const i of [0, 99, 199]) expect(text).toContain(`BH-${1001 + i}`);
    expect(text).toContain('MS-50198');
    // The signature boxes come once, after the last line.
    expect(pdf.pages.at(-1)).toContain('Ontvangen door');
    expect(pdf.pages.slice(0, -1).join('')).not.toContain('Ontvangen door');
  });
});
