import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

const require = createRequire(import.meta.url);
// why: sanitize-html (with htmlparser2 and postcss, ~40 modules) is loaded with the first HTML it cleans, not when
// the server starts: most requests never touch admin-written HTML (decision 0008 "What a server process holds")
let sanitizer: typeof SanitizeHtml | undefined;
const sanitizeHtml = (html: string, opts: SanitizeHtml.IOptions): string => {
  sanitizer ??= require('sanitize-html') as typeof SanitizeHtml;
  return sanitizer(html, opts);
};

/**
 * A URL no browser should ever get: characters a URL never holds unencoded (a backtick was a quote to old
 * Internet Explorer: <img src=`javascript:…`>) or a script scheme anywhere once white space and control
 * characters are gone. sanitize-html checks the scheme at the start; this catches what hides behind them.
 */
function suspectUrl(url: string): boolean {
  if (/[`<>]/.test(url)) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const squeezed = url.replace(/[\u0000-\u0020\u007f]+/g, '');
  return /^[^/?#]*(javascript|vbscript|livescript):/i.test(squeezed) || /^data:/i.test(squeezed);
}

/**
 * The one allow-list for HTML that admins write (content pages, footer columns, service messages,
 * mail templates). Applied when saving AND when rendering, so a row written before a rule change
 * (or straight into the database) is still cleaned on the way out.
 *
 * Allowed: headings, paragraphs, links (http/https/mailto/tel or relative), lists, inline emphasis,
 * images (http/https or relative, e.g. /api/v2.0/Images/single/content/{id}), tables, br, hr,
 * blockquote, and `text-align` as the only style. Everything else is dropped: scripts, style
 * elements, event handlers, iframes, SVG/MathML, forms, javascript:/data:/vbscript: URLs.
 */
const options: SanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'div',
    'span',
    'a',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'br',
    'hr',
    'blockquote',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
    '*': ['style'],
  },
  // The rich-text editor aligns text with an inline style; nothing else of CSS passes.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  disallowedTagsMode: 'discard',
  // Text inside these is dropped too (not just the tags).
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'select',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.href !== undefined && suspectUrl(out.href)) delete out.href;
      if (out.target && out.target !== '_blank' && out.target !== '_self') delete out.target;
      // A link that opens a new tab never gets a handle on this window.
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else if (out.rel)
        out.rel = out.rel
          .split(/\s+/)
          .filter((r) => /^(nofollow|noopener|noreferrer|external)$/.test(r))
          .join(' ');
      if (!out.rel) delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.src !== undefined && suspectUrl(out.src)) delete out.src;
      for (const dim of ['width', 'height']) {
        if (out[dim] !== undefined && !/^\d{1,4}$/.test(out[dim])) delete out[dim];
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Cleans admin-written HTML down to the allow-list above. */
export function sanitizeAdminHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, options).trim();
}

// A colour, a length or a plain keyword: never a url(), expression() or anything with parentheses or quotes.
const colour =
  /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;
const lengths = /^(-?\d{1,4}(\.\d{1,2})?(px|em|rem|%)?\s*){1,4}$/;
const keyword = (...words: string[]) => new RegExp(`^(${words.join('|')})$`);
const mailStyles: Record<string, RegExp[]> = {
  'text-align': [keyword('left', 'right', 'center', 'justify')],
  color: [colour],
  background: [colour],
  'background-color': [colour],
  padding: [lengths],
  margin: [lengths],
  'border-radius': [lengths],
  'font-size': [lengths],
  'font-weight': [keyword('normal', 'bold', '[1-9]00')],
  'font-style': [keyword('normal', 'italic')],
  'text-decoration': [keyword('none', 'underline')],
  display: [keyword('inline-block', 'block', 'inline')],
  border: [/^(0|none|\d{1,2}px (solid|dashed|dotted) (#[0-9a-f]{3,8}|[a-z]{3,20}))$/i],
};

/**
 * Mail templates: the same allow-list, and a few inline styles mail clients need (a mail has no stylesheet: the
 * button's colours and padding live on the element) — each value a colour, a length or a keyword.
 */
export function sanitizeMailHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, { ...options, allowedStyles: { '*': mailStyles } }).trim();
}

/**
 * A one-line plain text (page names, captions, display file names): control characters and angle
 * brackets removed, whitespace collapsed. Not HTML-escaped: the web app renders it as text.
 */
export function plainText(text: string | null | undefined, maxLength = 200): string {
  if (!text) return '';
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, maxLength)
  );
}
