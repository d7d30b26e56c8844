import { Box, Button, ColorInput, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SettingsPayload } from '@mp/contract/api/settings';
import {
  type BrandColours,
  type ContrastCheck,
  checkContrast,
  formatRatio,
} from '@mp/contract/rules/contrast';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { errorNode, serverFieldErrors } from '../../../shared/lib/form-errors';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useSaveCorporateSettings } from '../api/corporate-identity';

import {
  ColourPreview,
  ContrastTable,
  colourKeys,
  coloursOf,
  defaultColours,
  HEX,
  pairKey,
} from './ColourPreview';
import { Section, settingFields } from './corporate-identity-parts';

export function ColoursSection({ payload }: { payload: SettingsPayload }) {
  const { t } = useTranslation();
  const save = useSaveCorporateSettings();
  const stored = coloursOf(payload);
  const [draft, setDraft] = useState<BrandColours>(stored);
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const [confirm, setConfirm] = useState<ContrastCheck[] | null>(null);
  const storedKey = colourKeys.map((k) => stored[k]).join();
  // a save elsewhere (or this one) brings new stored values: the form follows
  // biome-ignore lint/correctness/useExhaustiveDependencies: storedKey stands for the stored colours
  useEffect(() => setDraft(coloursOf(payload)), [storedKey]);

  const valid = colourKeys.every((k) => HEX.test(draft[k]));
  const checks = checkContrast(draft);
  const failing = checks.filter((c) => !c.passes);
  const changed = colourKeys.some((k) => draft[k].toUpperCase() !== stored[k].toUpperCase());

  const send = (acceptLowContrast: boolean) => {
    save.mutate(
      { values: draft, acceptLowContrast },
      {
        onSuccess: () => {
          setConfirm(null);
          snackbar.success('corporate_identity.kleuren_opgeslagen');
        },
        onError: (e) => {
          // the server judged the pairs lower than the page did (other stored colours): ask the same question
          if (isApiError(e) && e.code === 'corporate_identity.contrast_te_laag' && !acceptLowContrast) {
            setConfirm(failing.length ? failing : checks.filter((c) => !c.passes));
            return;
          }
          setConfirm(null);
          const fields = serverFieldErrors(e, settingFields);
          if (fields) setErrors(fields);
          snackbar.error(e);
        },
      },
    );
  };
  const submit = () => {
    const local: Record<string, ReactNode> = {};
    for (const k of colourKeys)
      if (!HEX.test(draft[k])) local[k] = errorNode({ key: 'corporate_identity.kleur_ongeldig' });
    setErrors(local);
    if (Object.keys(local).length) return;
    if (failing.length) setConfirm(failing);
    else send(false);
  };

  return (
    <Section id="ci-colours" title={t('corporate_identity.kleuren')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {colourKeys.map((k) => (
                <ColorInput
                  key={k}
                  label={t(`corporate_identity.kleur.${k}`)}
                  value={draft[k]}
                  onChange={(v) => setDraft((d) => ({ ...d, [k]: v.toUpperCase() }))}
                  format="hex"
                  withEyeDropper={false}
                  error={errors[k]}
                  swatches={[defaultColours[k], '#FFFFFF', '#1A1B1E']}
                  data-testid={`ci-colour-${k}`}
                />
              ))}
            </SimpleGrid>
            <Group gap="sm">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!changed}
                data-testid="ci-colours-save"
              >
                {t('shared.opslaan')}
              </Button>
              <Button variant="default" onClick={() => setDraft(stored)} disabled={!changed}>
                {t('shared.annuleren')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => setDraft(defaultColours)}
                data-testid="ci-colours-default"
              >
                {t('corporate_identity.kleuren_standaard')}
              </Button>
            </Group>
          </Stack>
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('corporate_identity.voorbeeld')}
            </Title>
            <ColourPreview colours={valid ? draft : stored} />
          </Stack>
        </SimpleGrid>
        <Box mt="md">
          <ContrastTable checks={checks} />
        </Box>
      </form>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('corporate_identity.contrast_bevestigen_titel')}
        centered
        closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
      >
        <Stack gap="md" data-testid="ci-contrast-confirm">
          <Text>{t('corporate_identity.contrast_bevestigen_tekst')}</Text>
          <List size="sm">
            {(confirm ?? []).map((c) => (
              <List.Item key={c.id}>
                {t(pairKey(c))}:{' '}
                {c.ratio === null
                  ? '–'
                  : t('corporate_identity.contrast_ratio', { ratio: formatRatio(c.ratio) })}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)} mih={44}>
              {t('shared.terug')}
            </Button>
            <Button
              color="red.9"
              onClick={() => send(true)}
              loading={save.isPending}
              mih={44}
              data-testid="ci-contrast-accept"
            >
              {t('corporate_identity.contrast_toch_opslaan')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}
