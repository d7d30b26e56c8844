import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';

describe('htmlToText', () => {
  it('decodes entities and drops tags, as the server stores a message', () => {
    expect(htmlToText('A &amp; B <b>vet</b> &quot;q&quot;')).toBe('A & B vet "q"');
    expect(htmlToText('<p>Regel 1</p><p>Regel 2</p>')).toBe('Regel 1Regel 2');
    expect(htmlToText('gewoon')).toBe('gewoon');
  });
  it('never runs anything', () => {
    let ran = false;
    (globalThis as { hit?: () => void }).hit = () => {
      ran = true;
    };
    expect(htmlToText('<img src=x onerror="hit()">ok')).toBe('ok');
    expect(ran).toBe(false);
  });
});
