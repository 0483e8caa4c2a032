import { describe, expect, it } from 'vitest';
import {
  blankCondition,
  conditionOf,
  conditionRank,
  describeConditions,
  draftOf,
  isSourceField,
  sourceBody,
  sourceProblems,
  sourceValues,
  unusedPresets,
} from './sourceForm';

describe('the rules editor', () => {
  it('sends each condition with its kind’s fields only; an empty value means the parameter is present', () => {
    const draft = { ...blankCondition('param'), key: ' gclid ', value: '  ', domain: 'left.over' };
    expect(conditionOf(draft)).toEqual({ kind: 'param', key: 'gclid', value: null });
    expect(conditionOf({ ...draft, kind: 'referrer', domain: 'facebook.com' })).toEqual({
      kind: 'referrer',
      domain: 'facebook.com',
    });
    expect(conditionOf({ ...draft, kind: 'all' })).toEqual({ kind: 'all' });
  });

  it('reads a preset or a source back into rows, and the rows back into the same conditions', () => {
    const values = sourceValues({
      name: 'Facebook',
      conditions: [
        { kind: 'param', key: 'utm_source', value: 'facebook' },
        { kind: 'referrer_group', group: 'social' },
      ],
    });
    expect(values.conditions.map(conditionOf)).toEqual([
      { kind: 'param', key: 'utm_source', value: 'facebook' },
      { kind: 'referrer_group', group: 'social' },
    ]);
    expect(sourceBody(values).name).toBe('Facebook');
    expect(draftOf({ kind: 'direct' }).kind).toBe('direct');
  });

  it('checks with the contract’s words, each beside its row’s field', () => {
    expect(sourceProblems(sourceValues(null))).toEqual({
      name: 'Name the source.',
      'conditions.0.key': 'Name the landing-page parameter (for example utm_source or gclid).',
    });
    const badDomain = {
      name: 'Partner',
      conditions: [{ ...blankCondition('referrer'), domain: 'not a domain' }],
    };
    expect(sourceProblems(badDomain)).toEqual({ 'conditions.0.domain': 'Write a domain like facebook.com.' });
    expect(sourceProblems({ name: 'None', conditions: [] })).toEqual({
      conditions: 'Give the source at least one condition.',
    });
    expect(isSourceField('conditions.3.value')).toBe(true);
    expect(isSourceField('company_id')).toBe(false);
  });

  it('ranks conditions in the documented order: most specific first (shared/domain/dni.ts specificityOf)', () => {
    const rank = (condition: Parameters<typeof draftOf>[0]) => conditionRank(draftOf(condition));
    expect(rank({ kind: 'param', key: 'utm_source', value: 'google' })).toBe(1);
    expect(rank({ kind: 'param', key: 'gclid', value: null })).toBe(2);
    expect(rank({ kind: 'referrer', domain: 'facebook.com' })).toBe(3);
    expect(rank({ kind: 'referrer_group', group: 'search' })).toBe(4);
    expect(rank({ kind: 'direct' })).toBe(4);
    expect(rank({ kind: 'all' })).toBe(5);
  });

  it('describes a source’s conditions most specific first', () => {
    expect(
      describeConditions([
        { kind: 'referrer', domain: 'facebook.com' },
        { kind: 'param', key: 'fbclid', value: null },
        { kind: 'param', key: 'utm_source', value: 'facebook' },
      ]),
    ).toEqual(['utm_source = facebook', 'fbclid present', 'from facebook.com']);
  });

  it('offers the ready-made sources the company has not added (by name, any case)', () => {
    const names = unusedPresets([{ name: 'google ads' }, { name: 'Facebook' }]).map((preset) => preset.name);
    expect(names).not.toContain('Google Ads');
    expect(names).not.toContain('Facebook');
    expect(names).toContain('Bing Ads');
  });
});
