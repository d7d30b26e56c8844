import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/errors';
import { LoadingBlock } from './LoadingBlock';
import { PageHeader } from './PageHeader';
import { EmptyView, ErrorView } from './StateViews';

/** What QueryState reads of a TanStack query (or of several, `allOf`). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * The four states of what a page loads, in one place: loading (the delay message after 3 s), failed (the page's own
 * message `errorKey`, the server's reason and a retry — never an empty list: a list that could not be read is not
 * empty), empty (`isEmpty`, shown as `empty`) and the data (`children`). With `notFound`, an answer 404 (or 400: an
 * address that names nothing) shows that instead of the failure.
 */
export function QueryState<T>({
  query,
  errorKey,
  isEmpty,
  empty,
  notFound,
  loading,
  children,
}: {
  query: QueryLike<T>;
  errorKey?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  notFound?: ReactNode;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    if (notFound && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <>{notFound}</>;
    return <ErrorView messageKey={errorKey} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending || query.data === undefined) return <>{loading ?? <LoadingBlock />}</>;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyView />}</>;
  return <>{children(query.data)}</>;
}

/**
 * Several queries a page needs before it can show anything, as one: failed when any failed (a retry asks the failed
 * ones again), else loading while any loads.
 */
export function allOf(...queries: QueryLike<unknown>[]): QueryLike<true> {
  const failed = queries.filter((q) => q.isError);
  const isError = failed.length > 0;
  const isPending = !isError && queries.some((q) => q.isPending);
  return {
    isError,
    isPending,
    error: failed[0]?.error ?? null,
    data: isError || isPending ? undefined : true,
    refetch: () => Promise.all(failed.map((q) => q.refetch())),
  };
}

/**
 * A detail page whose title comes with its data: while it loads or when it failed the page shows its plain header
 * (the route's title) above the state; then `children` draw the page with its own header. With `back`, an address
 * that names nothing (404/400) says "not found" with the way back to the list.
 */
export function PageQueryState<T>({
  query,
  errorKey,
  notFound,
  back,
  children,
}: {
  query: QueryLike<T>;
  errorKey: string;
  notFound?: ReactNode;
  back?: { to: string; label: string };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const gone =
    notFound ??
    (back && (
      <EmptyView title={t('error.niet_gevonden')}>
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </EmptyView>
    ));
  return (
    <>
      {(query.isPending || query.isError) && <PageHeader />}
      <QueryState query={query} errorKey={errorKey} notFound={gone}>
        {children}
      </QueryState>
    </>
  );
}
