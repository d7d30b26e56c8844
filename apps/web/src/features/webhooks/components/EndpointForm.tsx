import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type WebhookEndpointView,
  type WebhookEventType,
  webhookEventTypes,
} from '@mp/contract/api/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors';
import { useCustomers } from '../../../shared/api/get-customers';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/webhooks';

/** An event type's label key: `request.submitted` → webhooks.gebeurtenis.request_submitted. */
export const eventLabel = (type: string) => `webhooks.gebeurtenis.${type.replace('.', '_')}`;

const ALL = '*';

/**
 * The create / edit form in a modal: URL, description, the events, and for an admin the customer (or all
 * customers). A created endpoint's secret goes to `onSecret` (shown once). A field the server refuses shows its
 * reason under it, in the user's language.
 */
export function EndpointForm({
  opened,
  endpoint,
  isAdmin,
  onClose,
  onSecret,
}: {
  opened: boolean;
  /** null: a new endpoint. */
  endpoint: WebhookEndpointView | null;
  isAdmin: boolean;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const customers = useCustomers('', opened && isAdmin && endpoint === null);
  const [url, setUrl] = useState(endpoint?.url ?? 'https://');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.eventTypes ?? ['request.planned']);
  const [customer, setCustomer] = useState<string>(ALL);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const busy = create.isPending || update.isPending;

  const onError = (e: unknown) => {
    if (isApiError(e) && Object.keys(e.fieldErrors).length > 0) {
      setFieldErrors(
        Object.fromEntries(Object.entries(e.fieldErrors).map(([k, f]) => [k, f.message || t(f.code)])),
      );
    } else snackbar.error(e);
  };
  const save = () => {
    setFieldErrors({});
    const eventTypes = events as WebhookEventType[];
    if (endpoint)
      update.mutate(
        { id: endpoint.id, body: { url, description, eventTypes } },
        {
          onSuccess: () => {
            snackbar.success('webhooks.opgeslagen');
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(
        {
          url,
          description,
          eventTypes,
          ...(isAdmin ? { customerId: customer === ALL ? null : customer } : {}),
        },
        {
          onSuccess: (r) => {
            onClose();
            onSecret(r.secret);
          },
          onError,
        },
      );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(endpoint ? 'webhooks.bewerken' : 'webhooks.nieuw')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Stack>
        <TextInput
          label={t('webhooks.url')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={fieldErrors.url}
          required
          type="url"
          inputMode="url"
          data-testid="webhook-url"
        />
        <TextInput
          label={t('webhooks.omschrijving')}
          value={description}
          maxLength={200}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fieldErrors.description}
          data-testid="webhook-description"
        />
        {isAdmin && endpoint === null && (
          <Select
            label={t('webhooks.klant')}
            value={customer}
            onChange={(v) => setCustomer(v ?? ALL)}
            searchable
            allowDeselect={false}
            error={fieldErrors.customerId}
            data={[
              { value: ALL, label: t('webhooks.alle_klanten') },
              ...(customers.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.customerNo})` })),
            ]}
            data-testid="webhook-customer"
          />
        )}
        <Checkbox.Group
          label={t('webhooks.gebeurtenissen')}
          value={events}
          onChange={setEvents}
          error={fieldErrors.eventTypes}
          required
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {webhookEventTypes.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={t(eventLabel(type))}
                data-testid={`webhook-event-${type}`}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('webhooks.annuleren')}
          </Button>
          <Button onClick={save} loading={busy} disabled={events.length === 0} data-testid="webhook-save">
            {t('webhooks.opslaan')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
