import { describe, expect, it } from 'vitest';
import { loadSanitizer } from './SafeHtml';

describe('SafeHtml sanitizer', () => {
  it('keeps the editor text alignment and drops every other style', async () => {
    const sanitize = await loadSanitizer();
    const out = sanitize(
      '<p style="text-align: center">a</p><h2 style="text-align:right;">b</h2>' +
        '<p style="color:red">c</p><p style="text-align:center;background:url(javascript:alert(1))">d</p>' +
        '<p style="width: expression(alert(1))">e</p>',
    );
    expect(out).toContain('<p style="text-align: center">a</p>');
    expect(out).toContain('<h2 style="text-align: right">b</h2>');
    expect(out).toContain('<p>c</p>');
    expect(out).toContain('<p>d</p>');
    expect(out).toContain('<p>e</p>');
    expect(out).not.toMatch(/javascript|expression|color/);
  });
});
