import { Badge, Tabs } from '@mantine/core';

/** A tab of a work queue: a status (or a view) and how many there are in it, when known. */
export interface QueueTab {
  value: string;
  label: string;
  count?: number;
}

/** The tabs above a work queue, each with its count; choosing one filters the list below. */
export function QueueTabs({
  value,
  onChange,
  tabs,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  tabs: QueueTab[];
  /** The tab list's test id; each tab's is `queue-tab-${value}`. */
  testId: string;
}) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v)} mb="md" keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }} data-testid={testId}>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            rightSection={
              tab.count !== undefined ? (
                <Badge size="sm" variant="light" c="dark.8">
                  {tab.count}
                </Badge>
              ) : null
            }
            data-testid={`queue-tab-${tab.value}`}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
