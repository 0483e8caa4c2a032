/**
 * The blocks screen's rules, against the contract and the spec: §3 Block "target, global, number_id, company_id,
 * action 1"; §5 "A number is parsed after removing dashes, parentheses and spaces, with optional leading +1 and
 * 10 digits" and "Display formats: … AUTO (national for US and CA, international with dashes otherwise)".
 */
import { BLOCK_TARGET_INVALID, type Block, BlockCreateSchema } from '@shared/api/blocks';
import { describe, expect, it } from 'vitest';
import {
  blockBody,
  blockErrors,
  blockScope,
  GLOBAL_SCOPE,
  type NumberChoice,
  numberName,
  searchBlocks,
  targetPreview,
  targetProblem,
} from './blockModel';

const SALES: NumberChoice = { id: 12, number: '+13125550101', label: 'Sales' };
const NUMBERS = new Map([[SALES.id, SALES]]);

function block(changes: Partial<Block> = {}): Block {
  return {
    id: 1,
    company_id: 3,
    target: '+16465550142',
    global: true,
    number_id: null,
    action: 1,
    number: null,
    blocked_by: { id: 5, name: 'Ada Agent' },
    created_at: '2026-11-24T10:00:00.000Z',
    ...changes,
  };
}

describe('the body of POST /blocks', () => {
  it('global: every number of the company, no number named', () => {
    const body = blockBody(3, { target: '(646) 555-0142', scope: GLOBAL_SCOPE });
    expect(body).toEqual({ company_id: 3, target: '(646) 555-0142', global: true });
    expect(BlockCreateSchema.parse(body)).toMatchObject({ target: '+16465550142', global: true });
  });

  it('one number: its id', () => {
    const body = blockBody(3, { target: '646-555-0142', scope: '12' });
    expect(body).toEqual({ company_id: 3, target: '646-555-0142', global: false, number_id: 12 });
    expect(BlockCreateSchema.parse(body)).toMatchObject({ target: '+16465550142', number_id: 12 });
  });

  it.each<[string, { target: string; scope: string }, Record<string, string>]>([
    ['no number typed', { target: '  ', scope: GLOBAL_SCOPE }, { target: BLOCK_TARGET_INVALID }],
    ['letters', { target: 'spam caller', scope: GLOBAL_SCOPE }, { target: BLOCK_TARGET_INVALID }],
    ['too few digits', { target: '555-0142', scope: GLOBAL_SCOPE }, { target: BLOCK_TARGET_INVALID }],
    [
      'one number, none chosen',
      { target: '6465550142', scope: '' },
      { number_id: 'Choose the number to block the caller on, or make the block global.' },
    ],
    ['§5 ten digits', { target: '6465550142', scope: GLOBAL_SCOPE }, {}],
    ['§5 with +1, dashes, parentheses and spaces', { target: '+1 (646) 555-0142', scope: '12' }, {}],
    ['an international number with its code', { target: '+44 20 7946 0018', scope: GLOBAL_SCOPE }, {}],
  ])('%s', (_what, draft, errors) => {
    expect(blockErrors(3, draft)).toEqual(errors);
  });
});

describe('the number as typed', () => {
  it.each([
    ['(646) 555-0142', '(646) 555-0142'],
    ['+16465550142', '(646) 555-0142'],
    ['1 646 555 0142', '(646) 555-0142'],
    ['+44 20 7946 0018', '+44-20-7946-0018'],
  ])('§5 %s is blocked as %s', (typed, shown) => {
    expect(targetPreview(typed)).toBe(shown);
    expect(targetProblem(typed)).toBeUndefined();
  });

  it('nothing typed is no problem yet; an invalid number is', () => {
    expect(targetPreview('')).toBeNull();
    expect(targetProblem('')).toBeUndefined();
    expect(targetProblem('12345')).toBe(BLOCK_TARGET_INVALID);
  });
});

describe('the list', () => {
  it('says where a block applies', () => {
    expect(blockScope(block(), NUMBERS)).toBe('All numbers');
    expect(blockScope(block({ global: false, number_id: 12, number: '+13125550101' }), NUMBERS)).toBe(
      '(312) 555-0101 · Sales',
    );
    // A number not in the list loaded (yet): the block's own E.164, formatted.
    expect(blockScope(block({ global: false, number_id: 99, number: '+13125550199' }), NUMBERS)).toBe(
      '(312) 555-0199',
    );
    expect(numberName({ number: '+13125550101', label: ' ' })).toBe('(312) 555-0101');
  });

  it('searches a phone-like text by digits in any format, other text by number, scope and who blocked', () => {
    const list = [
      block(),
      block({ id: 2, target: '+12125550199', global: false, number_id: 12, number: SALES.number }),
      block({ id: 3, target: '+442079460018', blocked_by: { id: 6, name: 'Olga Owner' } }),
    ];
    const ids = (search: string) => searchBlocks(list, search, NUMBERS).map((b) => b.id);
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('(646) 555')).toEqual([1]);
    expect(ids('+1 646-555-0142')).toEqual([1]);
    expect(ids('0199')).toEqual([2]);
    expect(ids('sales')).toEqual([2]);
    expect(ids('olga')).toEqual([3]);
    expect(ids('all numbers')).toEqual([1, 3]);
  });
});
