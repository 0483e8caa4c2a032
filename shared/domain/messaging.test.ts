/** §4 delivery states: a late or replayed receipt never moves a message backwards. */
import { describe, expect, it } from 'vitest';
import {
  advanceDeliveryState,
  type DeliveryState,
  fillMessageFields,
  keywordReply,
  type MessageFieldsContact,
  type MessageKeyword,
  messageKeyword,
  quietHours,
} from './messaging';

describe('advanceDeliveryState', () => {
  it.each<[DeliveryState | null, DeliveryState, DeliveryState]>([
    [null, 'sending', 'sending'],
    ['sending', 'queued', 'queued'],
    ['queued', 'sent', 'sent'],
    ['sent', 'delivered', 'delivered'],
    ['sent', 'failed', 'failed'],
    ['sent', 'undelivered', 'undelivered'],
    ['delivered', 'sent', 'delivered'],
    ['delivered', 'queued', 'delivered'],
    ['failed', 'sent', 'failed'],
    ['delivered', 'failed', 'delivered'],
    ['sent', 'sent', 'sent'],
  ])('%s + %s → %s', (current, next, expected) => {
    expect(advanceDeliveryState(current, next)).toBe(expected);
  });
});

describe('messageKeyword', () => {
  it.each<[string, MessageKeyword | null]>([
    ['STOP', 'optout'],
    ['stop', 'optout'],
    ['  Stop \n', 'optout'],
    ['STOPALL', 'optout'],
    ['unsubscribe', 'optout'],
    ['End', 'optout'],
    ['QUIT', 'optout'],
    ['cancel', 'optout'],
    ['OPTOUT', 'optout'],
    ['revoke', 'optout'],
    ['START', 'optin'],
    ['unstop', 'optin'],
    ['Yes', 'optin'],
    ['HELP', 'help'],
    ['info', 'help'],
    ['please stop', null],
    ['STOP.', null],
    ['yes please', null],
    ['', null],
    ['   ', null],
  ])('%j → %s', (body, expected) => {
    expect(messageKeyword(body)).toBe(expected);
  });
});

describe('keywordReply', () => {
  it.each<[MessageKeyword, string | null, string]>([
    ['optout', null, 'You have been unsubscribed from Acme messages. Reply START to resubscribe.'],
    ['optin', null, 'You have been resubscribed to Acme messages. Reply STOP to unsubscribe.'],
    ['help', null, 'Acme: reply to this number to reach us. Reply STOP to unsubscribe.'],
    ['help', '  ', 'Acme: reply to this number to reach us. Reply STOP to unsubscribe.'],
    ['help', 'Call 312-555-0100. Reply STOP to opt out.', 'Call 312-555-0100. Reply STOP to opt out.'],
  ])('%s (help text %j)', (keyword, helpText, expected) => {
    expect(keywordReply(keyword, 'Acme', helpText)).toBe(expected);
  });
});

describe('fillMessageFields', () => {
  const jane: MessageFieldsContact = {
    first_name: 'Jane',
    last_name: 'Doe',
    number: '+13125550199',
    email: 'jane@example.test',
  };
  it.each<[string, string, MessageFieldsContact | null, string]>([
    ['campaign tags', 'Hi %%first_name%% %%last_name%%', jane, 'Hi Jane Doe'],
    ['display names', 'Hi %%First Name%% %%Last Name%%!', jane, 'Hi Jane Doe!'],
    ['any case and spacing', '%%FIRST NAME%%/%% last_name %%', jane, 'Jane/Doe'],
    ['phone, national format', 'Call %%Phone%%', jane, 'Call (312) 555-0199'],
    ['email', 'Mail %%Email%%', jane, 'Mail jane@example.test'],
    ['a field twice', '%%first_name%%, %%first_name%%', jane, 'Jane, Jane'],
    [
      'the name split when no first/last',
      '%%First Name%% | %%Last Name%%',
      { name: 'Ana de la Cruz' },
      'Ana | de la Cruz',
    ],
    ['a one-word name', '%%First Name%%|%%Last Name%%', { name: 'Cher' }, 'Cher|'],
    ['missing values are empty', 'Hi %%first_name%% <%%email%%> %%phone%%', { name: '' }, 'Hi  <> '],
    ['no contact', 'Hi %%First Name%%', null, 'Hi '],
    ['unknown fields stay', '%%company%% 100%% sure', jane, '%%company%% 100%% sure'],
    ['no fields', 'Plain text', jane, 'Plain text'],
  ])('%s', (_label, text, contact, expected) => {
    expect(fillMessageFields(text, contact)).toBe(expected);
  });
});

describe('quietHours', () => {
  it.each<[string | null, string, boolean, string | null]>([
    ['America/Chicago', '2026-11-20T13:59:00Z', true, '07:59'],
    ['America/Chicago', '2026-11-20T14:00:00Z', false, '08:00'],
    ['America/Chicago', '2026-11-21T02:59:00Z', false, '20:59'],
    ['America/Chicago', '2026-11-21T03:00:00Z', true, '21:00'],
    ['America/Chicago', '2026-11-20T06:00:00Z', true, '00:00'],
    ['Europe/London', '2026-07-01T20:30:00Z', true, '21:30'],
    ['Asia/Kolkata', '2026-07-01T03:00:00Z', false, '08:30'],
    [null, '2026-11-20T06:00:00Z', false, null],
    ['Not/AZone', '2026-11-20T06:00:00Z', false, null],
  ])('%s at %s', (zone, at, quiet, localTime) => {
    expect(quietHours(zone, new Date(at))).toEqual({ quiet, localTime });
  });
});
