/** The numbers table's small rules: the release note of a row, and which bulk-release report is news. */
import type { ReleaseBatch } from '@shared/api/numberLifecycle';
import { describe, expect, it } from 'vitest';
import { releaseNote } from './numberColumns';
import { isReleaseEnded, isReleaseNews } from './numberTableApi';

const batch = (over: Partial<ReleaseBatch>): ReleaseBatch => ({
  id: 1,
  company_id: 2,
  state: 'running',
  total: 4,
  released: 1,
  failed: [],
  progress: 25,
  created_at: '2026-11-24T12:00:00.000Z',
  finished_at: null,
  ...over,
});

describe('releaseNote', () => {
  it.each([
    [{ status: 'inactive' as const, remove_at: '2026-12-24T15:00:00.000Z' }, 'Releasing on Dec 24, 2026'],
    [{ status: 'active' as const, remove_at: null }, null],
    [{ status: 'inactive' as const, remove_at: null }, null],
  ])('%o → %s', (row, note) => {
    expect(releaseNote(row)).toBe(note);
  });
});

describe('isReleaseNews: a late poll never moves the bar back', () => {
  it.each([
    ['more progress', batch({}), batch({ progress: 50 }), true],
    ['the same progress', batch({}), batch({}), true],
    ['an older report', batch({ progress: 50 }), batch({ progress: 25 }), false],
    [
      'the end, whatever its progress',
      batch({ progress: 75 }),
      batch({ state: 'finished', progress: 100 }),
      true,
    ],
    ['anything after the end', batch({ state: 'finished', progress: 100 }), batch({ progress: 100 }), false],
    ['another release', batch({}), batch({ id: 9, progress: 90 }), false],
  ])('%s', (_name, known, incoming, news) => {
    expect(isReleaseNews(known, incoming)).toBe(news);
  });

  it('a failed release has ended too', () => {
    expect(isReleaseEnded(batch({ state: 'failed' }))).toBe(true);
    expect(isReleaseEnded(batch({ state: 'queued' }))).toBe(false);
  });
});
