import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import classes from './safe-html.module.css';

// Links from admin HTML that leave the site open in a new tab without access to this window.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')?.match(/^https?:\/\//i)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Sanitizes admin-authored HTML (content pages, footer columns): no scripts, handlers or javascript:/data: URLs. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/(?!\/)|#|[^:]*$)/i,
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `${classes.html} ${className}` : classes.html}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
