import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { FieldMeta } from '../../contract/entity';
import { dateTimeJa } from '../../contract/dates';
import { formatDate, formatYen } from '../../i18n/formats';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Text cut to `max` characters with an ellipsis (the FAQ's room name: 18). */
export function truncate(text: string, max: number | undefined): string {
  if (max === undefined || [...text].length <= max) return text;
  return `${[...text].slice(0, max).join('')}…`;
}

/** What a list cell of a field shows, by the column's format (contract/entity ColumnMeta). */
export function fieldCell(source: string, field: FieldMeta, record: RaRecord, translate: Translate): ReactNode {
  const column = field.column ?? {};
  const value: unknown = record[source];
  const empty = value === null || value === undefined || value === '';
  if (empty && column.nullLabel && column.format !== 'reference') return translate(column.nullLabel);
  switch (column.format ?? 'text') {
    case 'yen':
      return formatYen(value as number | null);
    case 'date':
      return formatDate(value as string | null);
    case 'datetime':
      return empty ? '' : dateTimeJa(String(value));
    case 'count':
      return value === null || value === undefined ? '' : `${String(value)}${field.unit ? translate(field.unit) : ''}`;
    case 'mark':
      return value === 1 || value === true ? translate('app.crud.mark') : '';
    case 'choice':
      return field.choices?.find((c) => c.id === value)?.name ?? '';
    case 'reference': {
      const name = column.display ? record[column.display] : undefined;
      if (name === null || name === undefined || name === '') {
        return column.nullLabel && (value === null || value === undefined) ? translate(column.nullLabel) : '';
      }
      return truncate(String(name), column.truncate);
    }
    case 'text':
      return value === null || value === undefined ? '' : truncate(String(value), column.truncate);
  }
}
