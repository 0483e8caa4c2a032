import { describe, expect, it } from 'vitest';
import { reachability } from './SoftphonePanel';

describe("the phone's reachability, in a word for the collapsed dock and in a sentence for its tooltip", () => {
  it.each([
    [{ registration: 'registered', listening: true, problem: null }, true, 'connected'],
    [{ registration: 'registering', listening: true, problem: null }, false, 'connecting'],
    [{ registration: 'registered', listening: false, problem: null }, false, 'connecting'],
    [{ registration: 'failed', listening: true, problem: 'No SIP line.' }, false, 'offline'],
  ] as const)('%j → reachable %s, %s', (state, ok, word) => {
    expect(reachability(state)).toMatchObject({ ok, state: word });
  });

  it('says why it cannot be reached', () => {
    expect(reachability({ registration: 'failed', listening: true, problem: 'No SIP line.' }).text).toBe(
      'No SIP line.',
    );
  });
});
