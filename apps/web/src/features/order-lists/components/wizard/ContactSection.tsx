import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactFields } from '../../../../shared/ui/ContactFields';
import type { SectionProps } from './section-props';

/** Gegevens, Contact: contact person and phone (required), reference and comment (optional). */
export function ContactSection({ values, change, err }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-who">
      <Title order={2} size="h4" mb="sm" id="order-who">
        {t('Bestellen.contact')}
      </Title>
      <ContactFields idPrefix="order" group="Bestellen" value={values} onChange={change} errors={err} />
    </Paper>
  );
}
