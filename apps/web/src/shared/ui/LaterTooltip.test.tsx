import { Button } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test/render';
import { dropdownsPart } from './dropdowns/part';
import { LaterTooltip } from './LaterTooltip';
import { PlainSelect } from './PlainSelect';

describe('LaterTooltip', () => {
  it('shows the element alone until the dropdowns part is there, then its hint on hover', async () => {
    render(
      <TestProviders>
        <LaterTooltip label="Verwijderen">
          <Button aria-label="Regel verwijderen">x</Button>
        </LaterTooltip>
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: 'Regel verwijderen' })).toBeTruthy();
    await dropdownsPart.load();
    const button = await screen.findByRole('button', { name: 'Regel verwijderen' });
    fireEvent.mouseEnter(button);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });
});

describe('PlainSelect', () => {
  it("is the browser's own select and answers the chosen value", () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <PlainSelect
          label="Per pagina"
          data={['12', '24', '48'].map((v) => ({ value: v, label: v }))}
          value="24"
          onChange={onChange}
        />
      </TestProviders>,
    );
    const select = screen.getByRole('combobox', { name: 'Per pagina' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('24');
    fireEvent.change(select, { target: { value: '48' } });
    expect(onChange).toHaveBeenCalledWith('48');
  });
});
