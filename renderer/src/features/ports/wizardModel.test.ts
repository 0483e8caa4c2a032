/**
 * The new-port wizard's checks, step by step, with the server's own rules and messages (§3 port number types and
 * services, §5 number parsing and toll-free area codes), and a 422 read back onto the step that shows it.
 */
import { PORT_DOCUMENT_MESSAGES, PORT_FIELD_MESSAGES, PORT_NUMBER_MESSAGES } from '@shared/domain/ports';
import { describe, expect, it } from 'vitest';
import {
  draftNumber,
  emptyDraft,
  firstStepWithErrors,
  localToday,
  type PortDraft,
  portMultipart,
  serverFieldErrors,
  stepErrors,
  stepOfField,
  withNumber,
} from './wizardModel';

const TODAY = '2026-11-24'; // a Tuesday
const pdf = (name = 'bill.pdf', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

function complete(changes: Partial<PortDraft> = {}): PortDraft {
  return {
    ...emptyDraft(),
    numbers: [draftNumber('(312) 555-0142')],
    losing_carrier: 'Old Telco',
    account_number: 'ACC-4417',
    pin: '482921',
    authorized_name: 'Dana Motors',
    service_address: '1 Main St, Chicago IL',
    desired_date: '2026-11-27',
    bill: pdf(),
    loa: pdf('loa.pdf'),
    ...changes,
  };
}

describe('step 1, numbers: §5 parsing, §3 port number types, toll-free area codes', () => {
  it('passes a complete list', () => {
    expect(stepErrors(0, complete(), TODAY)).toEqual({});
  });

  it('asks for at least one number', () => {
    expect(stepErrors(0, { ...complete(), numbers: [draftNumber()] }, TODAY)).toEqual({
      numbers: PORT_NUMBER_MESSAGES.none,
    });
  });

  it('names each bad number by its row: unreadable, wrong type, listed twice', () => {
    const numbers = [
      draftNumber('312-555-01'),
      { ...draftNumber('800-356-9377'), type: 1 as const, typeChosen: true },
      draftNumber('(312) 555-0142'),
      draftNumber('+1 312 555 0142'),
      { ...draftNumber('416-555-0199'), type: 1 as const, typeChosen: true },
    ];
    expect(stepErrors(0, complete({ numbers }), TODAY)).toEqual({
      'numbers.0.number': PORT_NUMBER_MESSAGES.unreadable,
      'numbers.1.type': PORT_NUMBER_MESSAGES.tollFreeType,
      'numbers.3.number': PORT_NUMBER_MESSAGES.duplicate,
      'numbers.4.type': PORT_NUMBER_MESSAGES.notCanadian,
    });
  });

  it('suggests the type from the number until the person chooses one', () => {
    const row = draftNumber();
    expect(withNumber(row, '888-555-0100').type).toBe(2);
    expect(withNumber(row, '604 555 0123').type).toBe(3);
    expect(withNumber(row, '312 555 0123').type).toBe(1);
    const chosen = { ...row, type: 3 as const, typeChosen: true };
    expect(withNumber(chosen, '888-555-0100').type).toBe(3);
  });
});

describe('step 2, account details', () => {
  it('names every missing or malformed field', () => {
    const draft = complete({
      losing_carrier: ' ',
      account_number: 'no spaces allowed',
      pin: '12',
      authorized_name: '',
      service_address: '',
      desired_date: '2026-11-28',
    });
    expect(stepErrors(1, draft, TODAY)).toEqual({
      losing_carrier: PORT_FIELD_MESSAGES.losingCarrier,
      account_number: PORT_FIELD_MESSAGES.accountNumber,
      pin: PORT_FIELD_MESSAGES.pin,
      authorized_name: PORT_FIELD_MESSAGES.authorizedName,
      service_address: PORT_FIELD_MESSAGES.serviceAddress,
      desired_date: PORT_FIELD_MESSAGES.weekend,
    });
  });

  it('refuses a date before today', () => {
    expect(stepErrors(1, complete({ desired_date: '2026-11-23' }), TODAY)).toEqual({
      desired_date: PORT_FIELD_MESSAGES.pastDate,
    });
  });

  it('today is the person’s own calendar day', () => {
    expect(localToday(new Date(2026, 10, 24, 23, 30))).toBe('2026-11-24');
  });
});

describe('step 3, documents: the letter required, PDF/PNG/JPEG within the limit', () => {
  it('needs the letter of authorisation; the bill may follow', () => {
    expect(stepErrors(2, complete({ loa: null, bill: null }), TODAY)).toEqual({
      loa: PORT_DOCUMENT_MESSAGES.loaRequired,
    });
  });

  it('refuses another kind of file, and one too large', () => {
    const word = new File(['x'], 'bill.docx', { type: 'application/msword' });
    const huge = pdf('loa.pdf', 11 * 1024 * 1024);
    expect(stepErrors(2, complete({ bill: word, loa: huge }), TODAY)).toEqual({
      bill: PORT_DOCUMENT_MESSAGES.type('bill.docx'),
      loa: PORT_DOCUMENT_MESSAGES.tooLarge('loa.pdf'),
    });
  });
});

describe('review and the server’s 422', () => {
  it('review checks every step', () => {
    expect(Object.keys(stepErrors(3, complete({ pin: '', loa: null }), TODAY)).sort()).toEqual([
      'loa',
      'pin',
    ]);
  });

  it('puts each server message on its field and opens the first step that shows one', () => {
    const errors = serverFieldErrors({
      'numbers.1.number': ['This number is already on the platform.'],
      pin: ['Enter the account PIN or passcode: 4 to 10 letters or digits.'],
      other: 'ignored?',
    });
    expect(errors['numbers.1.number']).toBe('This number is already on the platform.');
    expect(firstStepWithErrors(errors)).toBe(0);
    expect(firstStepWithErrors({ loa: 'x', desired_date: 'y' })).toBe(1);
    expect(firstStepWithErrors({})).toBeNull();
    expect([stepOfField('service'), stepOfField('pin'), stepOfField('bill'), stepOfField('company')]).toEqual(
      [0, 1, 2, 3],
    );
  });

  it('sends the numbers as JSON text, blank rows left out, with both files', () => {
    const draft = complete({ numbers: [draftNumber('800-356-9377'), draftNumber('')] });
    const fields = portMultipart(draft);
    expect(JSON.parse(String(fields.numbers))).toEqual([{ number: '800-356-9377', type: 2 }]);
    expect(fields).toMatchObject({ service: 1, pin: '482921', desired_date: '2026-11-27' });
    expect(fields.bill).toBe(draft.bill);
    expect(fields.loa).toBe(draft.loa);
  });
});
