/**
 * The contact contract's name spellings: §3 Contact "name (derived from many name-field spellings or
 * first/last)". The server's validation and the renderer's forms both use these schemas.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTACT_NAME_HALF,
  CONTACT_NAME_MISSING,
  ContactChangeSchema,
  ContactInputSchema,
  contactNameOf,
} from './contacts';

const number = '+14155552671';

describe('contactNameOf: §3 "name (derived from many name-field spellings or first/last)"', () => {
  it.each<[string, Parameters<typeof contactNameOf>[0], string | undefined]>([
    ['first/last only: joined by a space', { first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    ['one half only: that half', { first_name: 'Cher', last_name: null }, 'Cher'],
    ['name only: the name', { name: 'Grace Hopper' }, 'Grace Hopper'],
    ['name and first/last: a non-empty name wins', { name: 'G. H.', first_name: 'Grace' }, 'G. H.'],
    ['none of them: undefined (the name is left as it is)', {}, undefined],
    ['halves that make nothing: empty', { first_name: ' ', last_name: null }, ''],
  ])('%s', (_rule, input, expected) => {
    expect(contactNameOf(input)).toBe(expected);
  });
});

describe('ContactInputSchema / ContactChangeSchema', () => {
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('a new contact takes first_name/last_name instead of name, and needs one of them', () => {
    expect(ContactInputSchema.safeParse({ number, first_name: 'Ada', last_name: 'Lovelace' }).success).toBe(
      true,
    );
    expect(messages(ContactInputSchema.safeParse({ number }))).toEqual({ name: CONTACT_NAME_MISSING });
  });

  it('a change sends first_name and last_name together, or neither', () => {
    expect(ContactChangeSchema.safeParse({ first_name: 'Ada', last_name: null }).success).toBe(true);
    expect(ContactChangeSchema.safeParse({ city: 'London' }).success).toBe(true);
    expect(messages(ContactChangeSchema.safeParse({ first_name: 'Ada' }))).toEqual({
      last_name: CONTACT_NAME_HALF,
    });
  });

  it('the name field alone (as a form checks it) still refuses a blank name', () => {
    expect(messages(ContactInputSchema.shape.name.safeParse(''))).toEqual({ '': 'Enter a name.' });
  });
});
