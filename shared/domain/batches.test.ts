/** §3 Batch progress, one rule for imports and exports, and how a follower tells news from an old report. */
import { describe, expect, it } from 'vitest';
import { batchPercent, batchProgress, isBatchEnded, isBatchNews } from './batches';

const batch = (state: string, processed_rows: number, total_rows: number | null, id = 1) => ({
  id,
  state,
  processed_rows,
  total_rows,
});

describe('batchProgress', () => {
  it.each([
    ['queued, total unknown', batch('queued', 0, null), 0],
    ['an empty total', batch('running', 0, 0), 0],
    ['a third', batch('running', 1, 3), 33.3],
    ['two thirds, rounded down', batch('running', 2, 3), 66.6],
    ['almost done is not done', batch('running', 9999, 10000), 99.9],
    ['more rows than counted', batch('running', 12, 10), 100],
    ['finished before its count', batch('finished', 0, null), 100],
    ['failed half-way', batch('failed', 500, 1000), 50],
  ])('%s', (_name, counts, progress) => {
    expect(batchProgress(counts)).toBe(progress);
  });
});

describe('isBatchEnded', () => {
  it('finished and failed batches are ended; staging, queued and running ones are not', () => {
    expect(
      ['staging', 'queued', 'running', 'finished', 'failed'].map((state) => isBatchEnded({ state })),
    ).toEqual([false, false, false, true, true]);
  });
});

describe('isBatchNews', () => {
  it('progress that is not behind is news; an older report is not', () => {
    expect(isBatchNews(batch('running', 500, 1000), batch('running', 1000, 1000))).toBe(true);
    expect(isBatchNews(batch('running', 500, 1000), batch('running', 500, 1000))).toBe(true);
    expect(isBatchNews(batch('running', 1000, 1000), batch('running', 500, 1000))).toBe(false);
  });

  it('an ending always is news, and nothing is after one; another batch never is', () => {
    expect(isBatchNews(batch('running', 1000, 1000), batch('failed', 500, 1000))).toBe(true);
    expect(isBatchNews(batch('finished', 1000, 1000), batch('running', 1000, 1000))).toBe(false);
    expect(isBatchNews(batch('running', 0, 10), batch('running', 5, 10, 2))).toBe(false);
  });
});

describe('batchPercent: the whole percentage a follower shows', () => {
  it.each<[string, { state: string; progress: number }, number]>([
    ['rounded down, so 100 means done', { state: 'running', progress: 99.9 }, 99],
    ['a third', { state: 'running', progress: 33.3 }, 33],
    ['never past 100', { state: 'running', progress: 140 }, 100],
    ['never below 0', { state: 'queued', progress: -5 }, 0],
    ['finished is 100 whatever was reported', { state: 'finished', progress: 97 }, 100],
    ['a failed batch shows where it stopped', { state: 'failed', progress: 42.5 }, 42],
  ])('%s', (_name, batch, percent) => {
    expect(batchPercent(batch)).toBe(percent);
  });
});
