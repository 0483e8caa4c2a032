/** An import batch for the import's unit tests: a file of 300 rows, queued, nothing done yet. */
import type { ImportBatch } from '@shared/api/contacts';

export const sampleBatch = (over: Partial<ImportBatch> = {}): ImportBatch => ({
  id: 7,
  progress: 0,
  finishedAt: null,
  state: 'queued',
  file_name: 'people.csv',
  total_rows: 300,
  processed_rows: 0,
  created: 0,
  updated: 0,
  failed: 0,
  message: null,
  ...over,
});
