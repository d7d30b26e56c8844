import { Paper, SimpleGrid, Textarea, TextInput, Title } from '@mantine/core';
import { MAX_REQUEST_COMMENT } from '@mp/contract/rules/limits';
import { useTranslation } from 'react-i18next';
import { fieldId, type SectionProps } from './FieldMessage';

/** Gegevens, Contact: contact person and phone (required), reference and comment (optional). */
export function ContactSection({ values, change, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-who">
      <Title order={2} size="h4" mb="sm" id="order-who">
        {t('Bestellen.contact')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id={fieldId('contactPerson')}
          label={t('Bestellen.contactpersoon')}
          value={values.contactPerson}
          onChange={(e) => change({ contactPerson: e.currentTarget.value })}
          error={err('contactPerson')}
          required
          maxLength={100}
          autoComplete="name"
          styles={{ input: { minHeight: 44 } }}
        />
        <TextInput
          id={fieldId('phone')}
          label={t('Bestellen.telefoonnummer')}
          value={values.phone}
          onChange={(e) => change({ phone: e.currentTarget.value })}
          error={err('phone')}
          required
          type="tel"
          inputMode="tel"
          maxLength={30}
          autoComplete="tel"
          styles={{ input: { minHeight: 44 } }}
        />
        <TextInput
          id={fieldId('reference')}
          label={t('Bestellen.referentie')}
          value={values.reference}
          onChange={(e) => change({ reference: e.currentTarget.value })}
          error={err('reference')}
          maxLength={100}
          description={t('shared.optioneel')}
          styles={{ input: { minHeight: 44 } }}
        />
      </SimpleGrid>
      <Textarea
        mt="md"
        id={fieldId('comment')}
        label={t('Bestellen.opmerking')}
        value={values.comment}
        onChange={(e) => change({ comment: e.currentTarget.value })}
        error={err('comment')}
        maxLength={MAX_REQUEST_COMMENT}
        autosize
        minRows={3}
        description={t('shared.optioneel')}
      />
    </Paper>
  );
}
