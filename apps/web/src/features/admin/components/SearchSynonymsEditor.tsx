import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import type { SearchSynonyms } from '@mp/contract/api/search-synonyms';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverFieldErrors } from '../../../shared/lib/form-errors';
import { paths } from '../../../shared/lib/paths';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useSaveSearchSynonyms } from '../api/search-synonyms';

/**
 * The search synonyms of the list SynoniemCode names (issue #31 item 20): each group a row of words, added and
 * removed as tags; saved all at once. The server's refusals (a word twice, a group of one word, a space in a word)
 * show under the group they concern. With the setting empty there is no list: the page says how to choose one.
 */
export function SearchSynonymsEditor({ list }: { list: SearchSynonyms }) {
  const { t } = useTranslation();
  const save = useSaveSearchSynonyms();
  const [groups, setGroups] = useState<string[][]>(() => list.groups.map((g) => g.words));
  const [errors, setErrors] = useState<Record<number, ReactNode>>({});

  if (!list.code)
    return (
      <Alert color="gray" data-testid="synonyms-off">
        <Stack gap="xs">
          <Text size="sm">{t('Settings.synoniemen_uit')}</Text>
          <Anchor component={Link} to={paths.settings.to()} size="sm">
            {t('Settings.synoniemen_naar_instellingen')}
          </Anchor>
        </Stack>
      </Alert>
    );

  const change = (i: number, words: string[]) => {
    setGroups((gs) => gs.map((g, k) => (k === i ? words : g)));
    setErrors(({ [i]: _done, ...rest }) => rest);
  };

  async function submit() {
    // an emptied group is left out; the server judges the rest
    const kept = groups.filter((g) => g.length > 0);
    const tooSmall = kept.findIndex((g) => g.length < 2);
    if (tooSmall >= 0) {
      setErrors({ [groups.indexOf(kept[tooSmall])]: t('Settings.synoniemen_min_twee') });
      return;
    }
    try {
      const saved = await save.mutateAsync({ groups: kept.map((words) => ({ words })) });
      setGroups(saved.groups.map((g) => g.words));
      setErrors({});
      snackbar.success('info.opgeslagen');
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (!fields) {
        snackbar.error(e);
        return;
      }
      // groups.{i}.words(.{j}) → under group i of what was sent
      const byGroup: Record<number, ReactNode> = {};
      for (const [name, message] of Object.entries(fields)) {
        const at = /^groups\.(\d+)\./.exec(name);
        if (at) byGroup[groups.indexOf(kept[Number(at[1])])] ??= message;
      }
      setErrors(byGroup);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('Settings.synoniemen_uitleg')}</Text>
      <Text size="sm" fw={600} data-testid="synonyms-code">
        {t('Settings.synoniemen_lijst', { code: list.code })}
      </Text>
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('Settings.synoniemen_geen_groepen')}
        </Text>
      )}
      <Stack gap="xs" data-testid="synonym-groups">
        {groups.map((words, i) => (
          // why: the index is the group's identity while editing (groups have no id until saved)
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Paper key={i} withBorder radius="md" p="sm" data-testid="synonym-group">
            <Group align="flex-start" wrap="nowrap" gap="xs">
              <TagsInput
                style={{ flex: 1 }}
                label={t('Settings.synoniemen_groep', { n: i + 1 })}
                value={words}
                onChange={(v) => change(i, v)}
                placeholder={t('Settings.synoniemen_woord_toevoegen')}
                splitChars={[' ', ',', ';']}
                error={errors[i]}
                clearable
              />
              <Tooltip label={t('Settings.synoniemen_groep_verwijderen')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  mt={24}
                  aria-label={`${t('Settings.synoniemen_groep_verwijderen')}: ${t('Settings.synoniemen_groep', { n: i + 1 })}`}
                  onClick={() => {
                    setGroups((gs) => gs.filter((_, k) => k !== i));
                    setErrors({});
                  }}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setGroups((gs) => [...gs, []])}
          mih={44}
        >
          {t('Settings.synoniemen_groep_toevoegen')}
        </Button>
        <Button
          leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          onClick={() => void submit()}
          loading={save.isPending}
          mih={44}
          data-testid="synonyms-save"
        >
          {t('shared.opslaan')}
        </Button>
      </Group>
    </Stack>
  );
}
