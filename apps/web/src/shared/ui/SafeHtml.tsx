import { useEffect, useState } from 'react';
import classes from './safe-html.module.css';

type Sanitize = (html: string) => string;

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
    return (html: string) =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
        FORBID_ATTR: ['style'],
        ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/(?!\/)|#|[^:]*$)/i,
      });
  });
  return sanitizer;
}

/** Admin HTML, sanitized again here (the server sanitizes on save too): nothing shows until it is clean. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void loadSanitizer().then((sanitize) => active && setClean(sanitize(html)));
    return () => {
      active = false;
    };
  }, [html]);
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
