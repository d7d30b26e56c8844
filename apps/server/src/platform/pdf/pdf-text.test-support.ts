import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** A PDF read back the way a reader would: its pages' text and its title (tests only). */
export async function readPdf(
  bytes: Buffer,
): Promise<{ pages: string[]; text: string; title: string | null }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const meta = await getMeta(pdf);
  const title = (meta.info as { Title?: string } | undefined)?.Title ?? null;
  await pdf.cleanup();
  return { pages: text, text: text.join('\n'), title };
}
