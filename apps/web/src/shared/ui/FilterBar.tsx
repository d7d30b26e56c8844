import { Button, Group, Select, type SelectProps, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The filters above a list: a word search sent with the button (or Enter) and the choices in `children`
 * (FilterSelect, dates), which act at once.
 */
export function FilterBar({
  label,
  placeholder,
  query,
  onSearch,
  testId,
  children,
}: {
  label: string;
  placeholder?: string;
  query: string;
  onSearch: (query: string | undefined) => void;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(query);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim() || undefined);
      }}
    >
      <Group align="end" gap="sm" mb="md" wrap="wrap">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={100}
          styles={{ input: { minHeight: 44 } }}
          style={{ flex: 1, minWidth: 200 }}
          data-testid={testId}
        />
        {children}
        <Button type="submit" mih={44}>
          {t('shared.zoeken')}
        </Button>
      </Group>
    </form>
  );
}

/** One choice of a FilterBar: "all" when empty, cleared with its button. */
export function FilterSelect({
  value,
  onChange,
  placeholder,
  w = 200,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      placeholder={placeholder ?? t('shared.alle')}
      value={value || null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
      clearButtonProps={{ 'aria-label': t('shared.wissen') }}
      w={w}
      styles={{ input: { minHeight: 44 } }}
      {...props}
    />
  );
}
