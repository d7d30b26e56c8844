import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight } from './Highlight';

const bold = (container: HTMLElement) => [...container.querySelectorAll('strong')].map((s) => s.textContent);

describe('Highlight (one rule for every highlighted text)', () => {
  it('bolds matched words whatever their case or accents, in the original spelling', () => {
    const { container } = render(
      <Highlight text="Élévateur en BOUWHEK, Straßenwalze" words={['elev', 'bouwhek', 'strasse']} />,
    );
    expect(bold(container)).toEqual(['Élév', 'BOUWHEK', 'Straße']);
    expect(container.textContent).toBe('Élévateur en BOUWHEK, Straßenwalze');
  });

  it('bolds accented search words in plain text too', () => {
    const { container } = render(<Highlight text="Elevateur" words={['élé']} />);
    expect(bold(container)).toEqual(['Ele']);
  });

  it('leaves the text alone without words or matches', () => {
    expect(bold(render(<Highlight text="Kraan" words={[]} />).container)).toEqual([]);
    const { container } = render(<Highlight text="Kraan" words={['plaat']} />);
    expect(bold(container)).toEqual([]);
    expect(container.textContent).toBe('Kraan');
  });
});
