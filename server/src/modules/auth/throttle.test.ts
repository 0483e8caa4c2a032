import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './throttle';

describe('LoginThrottle', () => {
  const make = () => {
    let now = 0;
    const throttle = new LoginThrottle({
      now: () => now,
      windowMs: 60_000,
      slowAfter: 2,
      lockAfter: 4,
      stepMs: 100,
    });
    return { throttle, advance: (ms: number) => (now += ms) };
  };

  it.each([
    [0, { allowed: true, delayMs: 0 }],
    [1, { allowed: true, delayMs: 0 }],
    [2, { allowed: true, delayMs: 100 }],
    [3, { allowed: true, delayMs: 200 }],
    [4, { allowed: false, retryAfterSeconds: 60 }],
  ])('after %i failures → %j', (failures, verdict) => {
    const { throttle } = make();
    for (let i = 0; i < failures; i++) throttle.fail(['email:a']);
    expect(throttle.check(['email:a'])).toEqual(verdict);
  });

  it("an IP is slowed only after ipFactor times the account's failures", () => {
    const { throttle } = make();
    for (let i = 0; i < 19; i++) throttle.fail(['ip:1']);
    expect(throttle.check(['ip:1'])).toEqual({ allowed: true, delayMs: 0 });
    throttle.fail(['ip:1']);
    expect(throttle.check(['ip:1'])).toEqual({ allowed: true, delayMs: 100 });
  });

  it('an IP may fail ipFactor times as often as an account before it is refused', () => {
    const { throttle } = make();
    for (let i = 0; i < 39; i++) throttle.fail(['ip:1']);
    expect(throttle.check(['ip:1']).allowed).toBe(true);
    throttle.fail(['ip:1']);
    expect(throttle.check(['ip:1']).allowed).toBe(false);
  });

  it('the strictest key decides; keys are independent', () => {
    const { throttle } = make();
    for (let i = 0; i < 40; i++) throttle.fail(['ip:1']);
    expect(throttle.check(['email:b', 'ip:1']).allowed).toBe(false);
    expect(throttle.check(['email:b', 'ip:2']).allowed).toBe(true);
  });

  it('failures leave the window; a success clears the account', () => {
    const { throttle, advance } = make();
    for (let i = 0; i < 4; i++) throttle.fail(['email:a']);
    advance(60_001);
    expect(throttle.check(['email:a'])).toEqual({ allowed: true, delayMs: 0 });
    throttle.fail(['email:a']);
    throttle.fail(['email:a']);
    throttle.succeed(['email:a']);
    expect(throttle.check(['email:a'])).toEqual({ allowed: true, delayMs: 0 });
  });
});
