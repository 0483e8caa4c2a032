import { sandboxTokenOutcome } from '@shared/domain/billing';
import { describe, expect, it } from 'vitest';
import { checkCard, parseExpiry, tokenise } from './sandboxCard';

const NOW = new Date('2026-11-25T00:00:00Z');

describe('the sandbox tokeniser keeps the card in the browser', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeds', '4242'],
    ['4000 0000 0000 0002', 'declined', '0002'],
    ['4000-0000-0000-3220', 'issuer', '3220'],
    ['5555555555554444', 'succeeds', '4444'],
  ] as const)('%s → a %s token ending %s, without the number', (number, outcome, last4) => {
    const card = tokenise({ number, expiry: '12/30', cvc: '123' });
    expect(sandboxTokenOutcome(card.chargify_token)).toBe(outcome);
    expect(card).toMatchObject({ card_last4: last4, card_exp_month: 12, card_exp_year: 2030 });
    expect(JSON.stringify(card)).not.toContain(number.replace(/[\s-]/g, ''));
    expect(JSON.stringify(card)).not.toContain('123');
  });

  it('two tokens of one card differ', () => {
    const input = { number: '4242424242424242', expiry: '12/30', cvc: '123' };
    expect(tokenise(input).chargify_token).not.toBe(tokenise(input).chargify_token);
  });

  it.each([
    [{ number: '4242424242424241', expiry: '12/30', cvc: '123' }, ['number']],
    [{ number: '4242424242424242', expiry: '13/30', cvc: '123' }, ['expiry']],
    [{ number: '4242424242424242', expiry: '10/26', cvc: '123' }, ['expiry']],
    [{ number: '4242424242424242', expiry: '11/26', cvc: '12' }, ['cvc']],
  ])('%j is refused on %j', (input, fields) => {
    expect(Object.keys(checkCard(input, NOW))).toEqual(fields);
  });

  it('reads MM/YY and MM/YYYY', () => {
    expect(parseExpiry('4/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('04 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('0429')).toBeNull();
  });
});
