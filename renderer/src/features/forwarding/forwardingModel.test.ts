/**
 * The forwarding numbers screen's rules: the form checked by the contract's schema (§5, §3 usingIntNumber), usage
 * in words, the routing editor's suggestions by name or digits, and an extension suggestion as a new extension
 * (§5 "Next extension").
 */
import type { ExtensionSuggestion, ForwardContact } from '@shared/api/forwardContacts';
import { NumberUpdateSchema } from '@shared/api/numbers';
import { FORWARD_CONTACT_MESSAGES as M } from '@shared/domain/forwardContacts';
import { describe, expect, it } from 'vitest';
import { newRouteForm, routesToSend } from '../numbers/routingModel';
import {
  bodyOf,
  formErrors,
  formOf,
  forwardOptionOf,
  matchForwardOptions,
  routeFromSuggestion,
  usageExtensionText,
  usageNumberText,
  usedByText,
  usedOnText,
} from './forwardingModel';

const entry = (over: Partial<ForwardContact> = {}): ForwardContact => ({
  id: 1,
  company_id: 1,
  name: 'Showroom floor',
  number: '+13125550160',
  usingIntNumber: false,
  note: '',
  used_by_routes: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('the form', () => {
  it('shows an entry’s number as people write it, and sends it trimmed', () => {
    expect(formOf(entry())).toEqual({
      name: 'Showroom floor',
      number: '(312) 555-0160',
      usingIntNumber: false,
      note: '',
    });
    expect(formOf(entry({ number: '+442079460958', usingIntNumber: true })).number).toBe('+44 20 7946 0958');
    expect(formOf(null)).toEqual({ name: '', number: '', usingIntNumber: false, note: '' });
    expect(bodyOf({ name: ' A ', number: ' 312 555 0160 ', usingIntNumber: false, note: ' n ' })).toEqual({
      name: 'A',
      number: '312 555 0160',
      usingIntNumber: false,
      note: 'n',
    });
  });

  it.each([
    [{ name: '', number: '3125550160', usingIntNumber: false, note: '' }, { name: M.nameRequired }],
    [{ name: 'A', number: '', usingIntNumber: false, note: '' }, { number: M.numberRequired }],
    [{ name: 'A', number: '555', usingIntNumber: false, note: '' }, { number: M.numberInvalid }],
    [{ name: 'A', number: '+44 20 7946 0958', usingIntNumber: false, note: '' }, { number: M.international }],
    [
      { name: '', number: '+44 20 7946 0958', usingIntNumber: false, note: '' },
      { name: M.nameRequired, number: M.international },
    ],
    [{ name: 'A', number: '+44 20 7946 0958', usingIntNumber: true, note: '' }, {}],
    [
      { name: 'A', number: '(312) 555-0160', usingIntNumber: false, note: 'x'.repeat(501) },
      { note: M.noteTooLong },
    ],
  ])('%o → %o', (form, errors) => {
    expect(formErrors(form)).toEqual(errors);
  });
});

describe('usage in words', () => {
  it.each([
    [0, 'Not used'],
    [1, '1 route'],
    [3, '3 routes'],
  ])('%i → %s', (routes, text) => {
    expect(usedByText(routes)).toBe(text);
  });

  it('names the number and the extension', () => {
    expect(usageNumberText({ number: '+13125550100', number_label: 'Main line' })).toBe(
      'Main line · (312) 555-0100',
    );
    expect(usageNumberText({ number: '+13125550100', number_label: '' })).toBe('(312) 555-0100');
    expect(usageExtensionText({ extension: 1, label: 'Sales' })).toBe('Extension 1 “Sales”');
    expect(usageExtensionText({ extension: 65535, label: '' })).toBe('Extension *');
  });
});

describe('the routing editor’s suggestions of forwarding numbers', () => {
  const options = [
    entry({ name: 'Showroom floor', number: '+13125550160' }),
    entry({ name: 'Parts counter', number: '+13125550164' }),
    entry({ name: 'London office', number: '+442079460958', usingIntNumber: true }),
  ].map(forwardOptionOf);

  it('holds a US number as people write it, an international one as E.164', () => {
    expect(options.map((option) => option.value)).toEqual([
      '(312) 555-0160',
      '(312) 555-0164',
      '+442079460958',
    ]);
  });

  it.each([
    ['', ['Showroom floor', 'Parts counter', 'London office']],
    ['parts', ['Parts counter']],
    ['OFFICE', ['London office']],
    ['312 555 016', ['Showroom floor', 'Parts counter']],
    ['0164', ['Parts counter']],
    ['44 20', ['London office']],
    // Two digits match nothing by number.
    ['31', []],
    ['nobody', []],
  ])('%j → %o', (typed, names) => {
    expect(matchForwardOptions(options, typed).map((option) => option.name)).toEqual(names);
  });

  it('offers at most the limit', () => {
    expect(matchForwardOptions(options, '', 2)).toHaveLength(2);
  });
});

describe('copying an extension suggestion', () => {
  const suggestion: ExtensionSuggestion = {
    key: 'k',
    route: {
      label: 'Sales',
      type: 'simultaneous',
      forwards: [
        { number: '+13125550160', state: null },
        { number: '+13125550161', state: null },
      ],
      members: [],
      stagger: false,
      caller_id_pass_thru: true,
      confirm_key: false,
      confirm_key_wait: 10,
      timeout: 25,
      onhold_music_id: null,
      geo_by_state_enabled: false,
      geo_by_state_static_fallback: true,
      confirm_whisper: '',
      email_alert_address: '',
      voicemail_enabled: false,
      round_robin: 'none',
      voicemail_greeting: null,
    },
    used_on: [
      { number_id: 1, number: '+13125550100', number_label: 'Main line', extension: 1 },
      { number_id: 2, number: '+13125550101', number_label: '', extension: 4 },
      { number_id: 3, number: '+13125550102', number_label: 'Service', extension: 65535 },
    ],
  };

  it('§5 "Next extension": takes the next free key of this number, with the whole configuration', () => {
    const existing = [newRouteForm([])];
    existing.push(newRouteForm(existing));
    const copied = routeFromSuggestion(suggestion, existing);
    expect(copied).toMatchObject({
      extension: 2,
      label: 'Sales',
      type: 'simultaneous',
      timeout: 25,
      forwards: [
        { number: '+13125550160', state: '', usingIntNumber: false },
        { number: '+13125550161', state: '', usingIntNumber: false },
      ],
    });
    expect(routeFromSuggestion(suggestion, []).extension).toBe(0);
    // What Save routing sends of it is what PUT /numbers/{id} takes.
    expect(NumberUpdateSchema.shape.routes.safeParse(routesToSend([...existing, copied])).success).toBe(true);
  });

  it('says where it is set up', () => {
    expect(usedOnText(suggestion)).toBe('Main line ext. 1, (312) 555-0101 ext. 4 and 1 other');
    expect(usedOnText({ ...suggestion, used_on: suggestion.used_on.slice(0, 1) })).toBe('Main line ext. 1');
  });
});
