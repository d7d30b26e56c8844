/**
 * The text of a piece of (server-sanitized) HTML, entities decoded and tags dropped: for short texts shown as plain
 * text (a service message in the bell or a toast). DOMParser builds an inert document: nothing in it runs or loads.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
