/** What no route accepts: NUL characters in text, `__proto__` as a field name — found anywhere, named by path. */
import { describe, expect, it } from 'vitest';
import { HOSTILE_INPUT_MESSAGES, hostileInputErrors } from './hostileInput';

describe('hostileInputErrors', () => {
  it.each([
    [{ name: 'ok', tags: ['a', 'b'] }, '', {}],
    [{ name: 'a\u0000b' }, '', { name: [HOSTILE_INPUT_MESSAGES.nul] }],
    [
      { routes: [{ label: 'x' }, { label: '\u0000' }] },
      '',
      { 'routes.1.label': [HOSTILE_INPUT_MESSAGES.nul] },
    ],
    [{ hostname: 'a\u0000b' }, 'query', { 'query.hostname': [HOSTILE_INPUT_MESSAGES.nul] }],
    [JSON.parse('{"a":{"__proto__":{"x":1}}}'), '', { 'a.__proto__': [HOSTILE_INPUT_MESSAGES.proto] }],
    ['plain\u0000text', 'body', { body: [HOSTILE_INPUT_MESSAGES.nul] }],
    [42, '', {}],
    [null, '', {}],
  ])('%j → %j', (value, prefix, expected) => {
    expect(hostileInputErrors(value, prefix)).toEqual(expected);
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    const errors = hostileInputErrors(deep);
    expect(Object.values(errors)).toEqual([[HOSTILE_INPUT_MESSAGES.nul]]);
  });
});
