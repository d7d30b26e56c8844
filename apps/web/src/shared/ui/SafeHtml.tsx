import { useEffect, useState } from 'react';
import classes from './safe-html.module.css';

type Sanitize = (html: string, headingLevel?: number, keepStyles?: boolean) => string;

let sanitizer: Promise<Sanitize> | null = null;

/**
 * Sanitizes admin-authored HTML (content pages, footer columns): no scripts, handlers or javascript:/data:
 * URLs. DOMPurify is loaded on first use (it is not needed for the first paint).
 */
export function loadSanitizer(): Promise<Sanitize> {
  sanitizer ??= import('dompurify').then(({ default: DOMPurify }) => {
    // Links from admin HTML that leave the site open in a new tab without access to this window.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')?.match(/^https?:\/\//i)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    // The only style admin HTML keeps (the server's allow-list does the same): the editor's text alignment. A mail
    // preview keeps its inline styles (the server's mail allow-list has already cut them to colours, lengths, keywords).
    let keepingStyles = false;
    DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
      if (data.attrName !== 'style' || keepingStyles) return;
      const align = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i.exec(data.attrValue);
      if (align) data.attrValue = `text-align: ${align[1].toLowerCase()}`;
      else data.keepAttr = false;
    });
    return (html: string, headingLevel?: number, keepStyles = false) => {
      keepingStyles = keepStyles;
      const fragment = DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
        ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/(?!\/)|#|[^:]*$)/i,
        RETURN_DOM_FRAGMENT: true,
      });
      keepingStyles = false;
      if (headingLevel) shiftHeadings(fragment, headingLevel);
      const holder = document.createElement('div');
      holder.append(fragment);
      return holder.innerHTML;
    };
  });
  return sanitizer;
}

/**
 * Admin HTML comes with headings of any level; in the page they must follow its outline (no skipped levels):
 * the highest heading becomes `level`, the others keep their distance to it.
 */
function shiftHeadings(root: DocumentFragment, level: number): void {
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  if (headings.length === 0) return;
  const top = Math.min(...headings.map((h) => Number(h.tagName[1])));
  for (const h of headings) {
    const next = Math.min(6, Number(h.tagName[1]) - top + level);
    if (`H${next}` === h.tagName) continue;
    const replacement = document.createElement(`h${next}`);
    for (const attr of [...h.attributes]) replacement.setAttribute(attr.name, attr.value);
    replacement.append(...h.childNodes);
    h.replaceWith(replacement);
  }
}

/** Admin HTML, sanitized again here (the server sanitizes on save too): nothing shows until it is clean. */
export function SafeHtml({
  html,
  className,
  headingLevel,
  keepStyles = false,
}: {
  html: string;
  className?: string;
  headingLevel?: number;
  /** Keep inline styles (a mail preview); everywhere else they go. */
  keepStyles?: boolean;
}) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void loadSanitizer().then((sanitize) => {
      // a task of its own for each piece of HTML: the sanitizer's first load and the footer's columns would
      // otherwise be one long task while the page starts
      if (active) timer = setTimeout(() => active && setClean(sanitize(html, headingLevel, keepStyles)));
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [html, headingLevel, keepStyles]);
  if (clean === null)
    return <div className={className ? `${classes.html} ${className}` : classes.html} aria-busy="true" />;
  return (
    <div
      className={className ? `${classes.html} ${className}` : classes.html}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
