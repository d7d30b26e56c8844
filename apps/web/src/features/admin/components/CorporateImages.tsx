import { Box, Button, Card, FileInput, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { imageUploadMaxBytes } from '@mp/contract/api/images';
import { IconPhotoUp, IconRestore } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { useCorporateIdentity } from '../../../shared/api/get-corporate-identity';
import { errorNode } from '../../../shared/lib/form-errors';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Msg } from '../../../shared/ui/Msg';
import { QueryState } from '../../../shared/ui/QueryState';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type CorporateSlot,
  useRemoveCorporateImage,
  useUploadCorporateImage,
} from '../api/corporate-identity';
import { imageAccept, imageFileProblem, megabytes } from '../api/image-file';

import { Section } from './corporate-identity-parts';

// The logo, the banner and the favicon.

const slots: CorporateSlot[] = ['logo', 'banner', 'favicon'];
const urlOf = { logo: 'logoUrl', banner: 'bannerUrl', favicon: 'faviconUrl' } as const;

function ImageSlot({ slot, url }: { slot: CorporateSlot; url: string | null }) {
  const { t, i18n } = useTranslation();
  const upload = useUploadCorporateImage();
  const remove = useRemoveCorporateImage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<ReactNode>(null);
  const [confirming, setConfirming] = useState(false);
  const label = t(`corporate_identity.${slot}`);

  const choose = (f: File | null) => {
    setFile(f);
    const problem = f ? imageFileProblem(f, i18n.language) : null;
    setError(problem ? errorNode(problem) : null);
  };
  const send = () => {
    if (!file || error) return;
    upload.mutate(
      { slot, file },
      {
        onSuccess: () => {
          snackbar.success('corporate_identity.afbeelding_opgeslagen');
          setFile(null);
        },
        onError: (e) => {
          setError(
            isApiError(e) ? (
              <Msg k={e.code} fallback={e.message} />
            ) : (
              errorNode({ key: 'error.algemene_error' })
            ),
          );
          snackbar.error(e);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid={`ci-image-${slot}`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {label}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`corporate_identity.${slot}_hint`)}
        </Text>
        <Box
          bg="gray.1"
          p="sm"
          style={{
            borderRadius: 8,
            minHeight: 96,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {url ? (
            <Image
              src={url}
              alt={t('corporate_identity.afbeelding_huidig', { name: label })}
              mah={slot === 'favicon' ? 64 : 120}
              w="auto"
              maw="100%"
              fit="contain"
            />
          ) : (
            <Text size="sm">{t('corporate_identity.afbeelding_standaard')}</Text>
          )}
        </Box>
        <FileInput
          label={t('corporate_identity.afbeelding_kiezen')}
          description={t('corporate_identity.afbeelding_eisen', {
            max: megabytes(imageUploadMaxBytes, i18n.language),
          })}
          accept={imageAccept}
          value={file}
          onChange={choose}
          error={error}
          clearable
          leftSection={<IconPhotoUp size={18} aria-hidden />}
          data-testid={`ci-file-${slot}`}
        />
        <Group gap="sm">
          <Button
            size="sm"
            onClick={send}
            disabled={!file || !!error}
            loading={upload.isPending}
            data-testid={`ci-upload-${slot}`}
          >
            {t('corporate_identity.afbeelding_uploaden')}
          </Button>
          {url && (
            <Button
              size="sm"
              variant="default"
              leftSection={<IconRestore size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
              data-testid={`ci-remove-${slot}`}
            >
              {t('corporate_identity.afbeelding_verwijderen')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('corporate_identity.afbeelding_verwijderen')}
        message={t('corporate_identity.afbeelding_verwijderen_vraag')}
        confirmLabel={t('corporate_identity.afbeelding_verwijderen')}
        action={() => remove.mutateAsync(slot)}
        successKey="corporate_identity.afbeelding_verwijderd"
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}

export function ImagesSection() {
  const { t } = useTranslation();
  const identity = useCorporateIdentity();
  return (
    <Section id="ci-images" title={t('corporate_identity.afbeeldingen')}>
      <QueryState query={identity}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {slots.map((slot) => (
              <ImageSlot key={slot} slot={slot} url={data[urlOf[slot]] ?? null} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Section>
  );
}
