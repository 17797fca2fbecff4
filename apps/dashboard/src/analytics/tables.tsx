import { Button, Group, SegmentedControl, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { downloadCsv, toCsv, type CsvCell } from '../ui/csv';

/** One column of an analytics table: its CSV value, and how the screen shows it. */
export interface Column<T> {
  label: string;
  value: (row: T) => CsvCell;
  render?: (row: T) => ReactNode;
  numeric?: boolean;
  /** false: shown only (a link), not in the CSV file. */
  csv?: false;
}

export interface TableProps<T> {
  title: string;
  /** The CSV file's name, without `.csv`. */
  file: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Said when there are no rows. */
  empty: string;
}

/** The file a table downloads: exactly its rows and columns, written by ui/csv.ts. */
export function tableCsv<T>(columns: readonly Column<T>[], rows: readonly T[]): string {
  const inFile = columns.filter((c) => c.csv !== false);
  return toCsv(
    inFile.map((c) => c.label),
    rows.map((row) => inFile.map((c) => c.value(row))),
  );
}

function CsvButton<T>(props: TableProps<T>) {
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconDownload size={14} />}
      aria-label={`Download ${props.title} as CSV`}
      onClick={() => downloadCsv(`${props.file}.csv`, tableCsv(props.columns, props.rows))}
    >
      CSV
    </Button>
  );
}

function DataTable<T>(props: TableProps<T> & { labelledBy: string; hidden?: boolean }) {
  const { columns, rows } = props;
  const table = (
    <>
      <Table verticalSpacing={4} aria-labelledby={props.labelledBy} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={props.rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined}>
                  {c.render ? c.render(row) : c.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && (
        <Text c="dimmed" size="sm" py="sm">
          {props.empty}
        </Text>
      )}
    </>
  );
  // Behind a chart the table is out of sight: no scroll area (one that cannot be focused).
  if (props.hidden) return <VisuallyHidden>{table}</VisuallyHidden>;
  return <Table.ScrollContainer minWidth={420}>{table}</Table.ScrollContainer>;
}

function Heading(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Group justify="space-between" mb="xs" wrap="wrap">
      <Title order={2} size="h4" id={props.id}>
        {props.title}
      </Title>
      <Group gap="xs">{props.children}</Group>
    </Group>
  );
}

/** A table with its title and its CSV download (and, around them, `controls` and `footer`). */
export function TableSection<T>(
  props: TableProps<T> & { controls?: ReactNode; footer?: ReactNode },
) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Heading id={id} title={props.title}>
        {props.controls}
        <CsvButton {...props} />
      </Heading>
      <DataTable {...props} labelledBy={id} />
      {props.footer}
    </section>
  );
}

/**
 * A chart with the table behind it: screen readers read the table (the drawing is hidden from
 * them), anyone can show the table instead of the chart, and the CSV holds the table.
 */
export function ChartSection<T>(props: TableProps<T> & { chart: ReactNode }) {
  const id = useId();
  const [view, setView] = useState('chart');

  return (
    <section aria-labelledby={id}>
      <Heading id={id} title={props.title}>
        <SegmentedControl
          size="xs"
          aria-label={`Show ${props.title} as`}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
          value={view}
          onChange={setView}
        />
        <CsvButton {...props} />
      </Heading>
      {view === 'chart' && <div aria-hidden="true">{props.chart}</div>}
      <DataTable {...props} labelledBy={id} hidden={view === 'chart'} />
    </section>
  );
}
