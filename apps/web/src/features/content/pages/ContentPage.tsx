import { Anchor, Paper, Text } from '@mantine/core';
import { isLocale } from '@mp/contract/i18n/locales';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/lib/paths';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { useContentPage } from '../api/get-content-page';

/** /content-page/{id}/{locale}: an admin-authored page, its HTML sanitized again before it is shown. */
export function ContentPage() {
  const { t, i18n } = useTranslation();
  const { id = '', locale = '' } = useParams();
  const wanted = isLocale(locale) ? locale : i18n.language;
  const query = useContentPage(id, wanted);

  if (query.isPending) return <LoadingBlock />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <>
          <PageHeader title={t('NotFound.titel')} />
          <EmptyView title={t('error.niet_gevonden')}>
            <Anchor component={Link} to={paths.home.to()}>
              {t('NotFound.naar_home')}
            </Anchor>
          </EmptyView>
        </>
      );
    }
    return (
      <>
        <PageHeader />
        <ErrorView error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const page = query.data;
  return (
    <>
      <PageHeader title={page.pageName} />
      {page.publishedAt && (
        <Text size="sm" c="dimmed" mb="sm">
          {new Date(page.publishedAt).toLocaleDateString(i18n.language, { dateStyle: 'long' })}
        </Text>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <SafeHtml html={page.html} headingLevel={2} />
      </Paper>
    </>
  );
}
