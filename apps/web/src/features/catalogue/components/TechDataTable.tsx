import { Table, Text } from '@mantine/core';
import type { TechDataEntry } from '@mp/contract/api/catalogue';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../../../shared/ui/format';

function valueText(e: TechDataEntry, format: Formatters, yes: string, no: string): string {
  if (e.value === null) return '';
  if (e.kind === 'boolean') return e.value === true ? yes : no;
  if (e.kind === 'number' && typeof e.value === 'string') {
    const n = format.number(Number(e.value));
    const unitInLabel = e.unit && e.label.includes(`(${e.unit})`);
    return e.unit && !unitInLabel ? `${n} ${e.unit}` : n;
  }
  return String(e.value);
}

/** Technical data: label rows become sub-headings, numbers in the locale's notation, booleans as yes/no. */
export function TechDataTable({ entries, format }: { entries: TechDataEntry[]; format: Formatters }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder withRowBorders verticalSpacing="xs" maw={720} data-testid="tech-data">
      <Table.Tbody>
        {entries.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: codes repeat between label rows; the position is the identity
          <Fragment key={`${e.code}-${i}`}>
            {e.kind === 'label' ? (
              <Table.Tr bg="gray.0">
                <Table.Th colSpan={2} scope="colgroup">
                  <Text fw={700} size="sm">
                    {e.label}
                  </Text>
                </Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr>
                <Table.Th scope="row" fw={500} w="50%">
                  {e.label}
                </Table.Th>
                <Table.Td
                  style={
                    e.kind === 'number'
                      ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }
                      : undefined
                  }
                >
                  {valueText(e, format, t('shared.ja'), t('shared.nee'))}
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}
