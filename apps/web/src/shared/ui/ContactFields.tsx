import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { MAX_REQUEST_COMMENT } from '@mp/contract/rules/limits';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactField, ContactValues } from '../lib/request-form';

/**
 * The contact part of a request wizard (order, removal, relocation, transport): contact person and phone
 * (required), reference and comment (optional), with the contract's limits. `group` names the wizard's translations
 * (contactpersoon, telefoonnummer, referentie, opmerking); the inputs' ids are `${idPrefix}-${field}` so a failed
 * check can focus the first wrong one. `fields` shows the person (contact and phone), the notes (reference and
 * comment) or both: a transport asks for a person at each end and the notes once.
 */
export function ContactFields({
  idPrefix,
  group,
  value,
  onChange,
  errors,
  fields = 'all',
  contactLabel,
}: {
  idPrefix: string;
  group: string;
  value: Partial<ContactValues>;
  onChange: (patch: Partial<ContactValues>) => void;
  errors: (field: ContactField) => ReactNode;
  fields?: 'all' | 'person' | 'notes';
  /** The contact person's label when the wizard has more than one (a transport's two ends). */
  contactLabel?: string;
}) {
  const { t } = useTranslation();
  const person = fields !== 'notes';
  const notes = fields !== 'person';
  const input = { styles: { input: { minHeight: 44 } } };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {person && (
          <TextInput
            id={`${idPrefix}-contactPerson`}
            label={contactLabel ?? t(`${group}.contactpersoon`)}
            value={value.contactPerson ?? ''}
            onChange={(e) => onChange({ contactPerson: e.currentTarget.value })}
            error={errors('contactPerson')}
            required
            maxLength={100}
            autoComplete="name"
            data-testid={`${idPrefix}-contact`}
            {...input}
          />
        )}
        {person && (
          <TextInput
            id={`${idPrefix}-phone`}
            label={t(`${group}.telefoonnummer`)}
            value={value.phone ?? ''}
            onChange={(e) => onChange({ phone: e.currentTarget.value })}
            error={errors('phone')}
            required
            type="tel"
            inputMode="tel"
            maxLength={30}
            autoComplete="tel"
            data-testid={`${idPrefix}-phone`}
            {...input}
          />
        )}
        {notes && (
          <TextInput
            id={`${idPrefix}-reference`}
            label={t(`${group}.referentie`)}
            value={value.reference ?? ''}
            onChange={(e) => onChange({ reference: e.currentTarget.value })}
            error={errors('reference')}
            maxLength={100}
            description={t('shared.optioneel')}
            {...input}
          />
        )}
      </SimpleGrid>
      {notes && (
        <Textarea
          mt="md"
          id={`${idPrefix}-comment`}
          label={t(`${group}.opmerking`)}
          value={value.comment ?? ''}
          onChange={(e) => onChange({ comment: e.currentTarget.value })}
          error={errors('comment')}
          maxLength={MAX_REQUEST_COMMENT}
          autosize
          minRows={3}
          description={t('shared.optioneel')}
        />
      )}
    </>
  );
}
