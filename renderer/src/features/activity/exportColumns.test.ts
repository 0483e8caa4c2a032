import { EXPORT_COLUMNS } from '@shared/api/activity';
import { describe, expect, it } from 'vitest';
import { columnLabel, columnsOf, EXPORT_KINDS, orderedColumns } from './exportColumns';

describe('export columns', () => {
  it('keeps the CSV order whatever order they were ticked in, and drops unknown ones', () => {
    expect(orderedColumns('calls', ['duration', 'started_at', 'password'])).toEqual([
      'started_at',
      'duration',
    ]);
  });

  it('offers every kind, and names every column a person can choose', () => {
    expect([...EXPORT_KINDS].sort()).toEqual(Object.keys(EXPORT_COLUMNS).sort());
    for (const kind of EXPORT_KINDS)
      for (const column of columnsOf(kind)) expect(columnLabel(column)).not.toBe(column);
  });
});
