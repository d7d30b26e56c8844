import { isLocale } from '@mp/contract/i18n/locales';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useContentPageForEdit, useContentPageOverview } from '../api/content-pages';
import { ContentPagesList } from '../components/ContentPagesList';
import { AdminGate } from './AdminGate';

// The rich-text editor (tiptap) is a chunk of its own: the other admin pages do not load it.
const ContentPageEditor = lazy(() =>
  import('../components/ContentPageEditor').then((m) => ({ default: m.ContentPageEditor })),
);

/** Content pages: every page with its kind, publication and languages; create, delete, edit (#15 part 2). */
export function ContentPaginasPage() {
  return (
    <AreaPage>
      <AdminGate>
        <ListContent />
      </AdminGate>
    </AreaPage>
  );
}

function ListContent() {
  const locale = useStore(localeStore);
  const query = useContentPageOverview();
  return query.isPending ? (
    <LoadingBlock />
  ) : query.isError ? (
    <ErrorView error={query.error} onRetry={() => void query.refetch()} />
  ) : (
    <ContentPagesList pages={query.data} locale={locale} />
  );
}

/** One content page in one language in the rich-text editor (#15 part 2). */
export function ContentPaginaPage() {
  const { id = '' } = useParams();
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  // the page's own name as the title (and the last crumb), once the list knows it
  const name = useContentPageOverview(isAdmin).data?.find((p) => p.id === id)?.pageName;
  return (
    <AreaPage title={name}>
      <AdminGate>
        <EditorContent />
      </AdminGate>
    </AreaPage>
  );
}

function EditorContent() {
  const { t } = useTranslation();
  const { id = '', locale = '' } = useParams();
  const wanted = isLocale(locale) ? locale : 'nl-NL';
  const overview = useContentPageOverview();
  const page = useContentPageForEdit(id, wanted);
  if (!isLocale(locale)) return <EmptyView title={t('error.niet_gevonden')} />;
  if (page.isPending || overview.isPending) return <LoadingBlock />;
  if (page.isError) return <ErrorView error={page.error} onRetry={() => void page.refetch()} />;
  if (overview.isError) return <ErrorView error={overview.error} onRetry={() => void overview.refetch()} />;
  const present = overview.data.find((p) => p.id === id)?.translations.map((tr) => tr.locale) ?? [];
  return (
    <Suspense fallback={<LoadingBlock />}>
      {/* a new editor for every page and language: its start text and saved state are that language's */}
      <ContentPageEditor key={`${id}/${locale}`} id={id} locale={locale} page={page.data} present={present} />
    </Suspense>
  );
}
