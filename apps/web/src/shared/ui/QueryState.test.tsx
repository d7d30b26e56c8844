import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../api/errors';
import { allOf, type QueryLike, QueryState } from './QueryState';

const query = (q: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: () => undefined,
  ...q,
});

function show(q: QueryLike<string[]>, notFound?: string) {
  renderWithProviders(
    <QueryState
      query={q}
      errorKey="Orders.ophalen_error"
      isEmpty={(d) => d.length === 0}
      empty={<p>leeg</p>}
      notFound={notFound ? <p>{notFound}</p> : undefined}
    >
      {(d) => <p>{d.join(',')}</p>}
    </QueryState>,
  );
}

describe('QueryState: loading, failed, empty, the data', () => {
  it('shows the loading block while the query loads', () => {
    show(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Laden');
  });

  it('shows a failure with the page’s message and a retry, never the empty view', () => {
    const refetch = vi.fn();
    show(query({ isError: true, error: new ApiError(500, 'error.server_fout', 'x'), refetch }));
    expect(screen.getByRole('alert').textContent).toContain('De orders konden niet worden opgehaald');
    expect(screen.queryByText('leeg')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows "not found" for a 404 only when the page says what that is', () => {
    show(query({ isError: true, error: new ApiError(404, 'error.niet_gevonden', 'x') }), 'weg');
    expect(screen.getByText('weg')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty view for an empty answer and the data otherwise', () => {
    show(query({ data: [] }));
    expect(screen.getByText('leeg')).toBeTruthy();
  });

  it('gives the data to its children', () => {
    show(query({ data: ['a', 'b'] }));
    expect(screen.getByText('a,b')).toBeTruthy();
  });

  it('allOf: failed when one failed (retrying only that one), else loading while one loads', () => {
    const failedRefetch = vi.fn();
    const okRefetch = vi.fn();
    const both = allOf(
      query({ isPending: true, refetch: okRefetch }),
      query({ isError: true, error: 'x', refetch: failedRefetch }),
    );
    expect(both).toMatchObject({ isError: true, isPending: false, error: 'x', data: undefined });
    void both.refetch();
    expect(failedRefetch).toHaveBeenCalledOnce();
    expect(okRefetch).not.toHaveBeenCalled();
    expect(allOf(query({ isPending: true }), query({ data: [] }))).toMatchObject({ isPending: true });
    expect(allOf(query({ data: [] }), query({ data: ['a'] })).data).toBe(true);
  });
});
