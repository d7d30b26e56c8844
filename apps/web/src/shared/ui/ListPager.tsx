import { Group, Pagination } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** The page numbers under a list of `total` rows, `pageSize` a page; nothing when it fits on one page. */
export function ListPager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (p: number) => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="center">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="lg"
        siblings={narrow ? 0 : 1}
        getControlProps={(c) => ({
          'aria-label':
            c === 'next' ? t('shared.volgende') : c === 'previous' ? t('shared.vorige') : undefined,
        })}
        getItemProps={(p) => ({ 'aria-label': t('shared.pagina_van', { page: p, pages }) })}
      />
    </Group>
  );
}
