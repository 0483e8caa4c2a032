import { describe, expect, it } from 'vitest';
import { parseQuery, serializeQuery } from './index';

describe('serializeQuery: §7 "Query params use bracket array format; object values are JSON-encoded"', () => {
  it.each<[string, Record<string, unknown> | undefined, string]>([
    ['bracket arrays', { ids: [1, 2] }, 'ids[]=1&ids[]=2'],
    [
      'object values JSON-encoded',
      { filters: { state: 'sent' } },
      `filters=${encodeURIComponent('{"state":"sent"}')}`,
    ],
    ['scalars', { page: 2, size: 13, archived: false }, 'page=2&size=13&archived=false'],
    ['null and undefined left out', { a: null, b: undefined, c: 0 }, 'c=0'],
    ['empty array sends nothing', { ids: [] }, ''],
    ['objects inside arrays JSON-encoded', { f: [{ a: 1 }] }, `f[]=${encodeURIComponent('{"a":1}')}`],
    ['dates are ISO 8601', { from: new Date('2026-11-22T00:00:00Z') }, 'from=2026-11-22T00%3A00%3A00.000Z'],
    ['values are escaped', { q: 'a&b=c d' }, 'q=a%26b%3Dc%20d'],
    ['keys are escaped', { 'a b': 1 }, 'a%20b=1'],
    ['no params', undefined, ''],
  ])('%s', (_name, params, expected) => {
    expect(serializeQuery(params)).toBe(expected);
  });
});

describe('parseQuery: the server reads what the client sent', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['bracket arrays', 'ids[]=1&ids[]=2', { ids: ['1', '2'] }],
    ['indexed brackets', 'ids[0]=1&ids[1]=2', { ids: ['1', '2'] }],
    ['escaped brackets', 'ids%5B%5D=1', { ids: ['1'] }],
    ['JSON objects', `filters=${encodeURIComponent('{"state":"sent"}')}`, { filters: { state: 'sent' } }],
    ['broken JSON stays text', 'q=%7Bnope%7D', { q: '{nope}' }],
    ['leading ?', '?page=2', { page: '2' }],
    ['plus is a space', 'q=a+b', { q: 'a b' }],
    ['malformed escape kept', 'q=100%', { q: '100%' }],
    ['key without value', 'flag', { flag: '' }],
    ['empty', '', {}],
  ])('%s', (_name, search, expected) => {
    expect(parseQuery(search)).toEqual(expected);
  });

  it('round-trips what serializeQuery writes', () => {
    const params = {
      ids: ['1', '2'],
      filters: { state: ['sent', 'failed'], q: 'a&b' },
      page: '3',
      q: 'Ada Lovelace',
    };
    expect(parseQuery(serializeQuery(params))).toEqual(params);
  });
});
