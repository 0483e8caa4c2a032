/**
 * The new-port wizard's model (pure): the draft, each step's checks — the same rules and messages the server
 * applies (shared/domain/ports.ts), so most mistakes are caught before sending — the multipart fields the draft
 * is sent as, and the server's 422 read back onto the draft's fields and the step that shows them.
 */

import {
  checkPortNumber,
  desiredDateProblem,
  PORT_ACCOUNT_NUMBER_PATTERN,
  PORT_DOCUMENT_MESSAGES,
  PORT_FIELD_MESSAGES,
  PORT_MAX_NUMBERS,
  PORT_NUMBER_MESSAGES,
  PORT_PIN_PATTERN,
  type PortNumberType,
  type PortService,
  portDocumentProblem,
  suggestPortNumberType,
} from '@shared/domain/ports';
import type { MultipartFields } from '../../api/contractCall';

export const WIZARD_STEPS = ['Numbers', 'Account details', 'Documents', 'Review'] as const;

export interface DraftNumber {
  key: number;
  number: string;
  type: PortNumberType;
  /** The person chose the type: typing the number no longer suggests one. */
  typeChosen: boolean;
}

export interface PortDraft {
  numbers: DraftNumber[];
  service: PortService;
  losing_carrier: string;
  account_number: string;
  pin: string;
  authorized_name: string;
  service_address: string;
  desired_date: string;
  bill: File | null;
  loa: File | null;
}

/** Field → message, keyed as the server names fields (`numbers.2.number`, `pin`, `loa`). */
export type DraftErrors = Record<string, string>;

let nextKey = 1;
export function draftNumber(number = ''): DraftNumber {
  return { key: nextKey++, number, type: suggestPortNumberType(number) ?? 1, typeChosen: false };
}

export function emptyDraft(): PortDraft {
  return {
    numbers: [draftNumber()],
    service: 1,
    losing_carrier: '',
    account_number: '',
    pin: '',
    authorized_name: '',
    service_address: '',
    desired_date: '',
    bill: null,
    loa: null,
  };
}

/** A number typed: its type follows what the number is, until the person picks one. */
export function withNumber(entry: DraftNumber, number: string): DraftNumber {
  if (entry.typeChosen) return { ...entry, number };
  return { ...entry, number, type: suggestPortNumberType(number) ?? entry.type };
}

/** Today in the person's own calendar (`YYYY-MM-DD`). */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function numbersErrors(draft: PortDraft): DraftErrors {
  const errors: DraftErrors = {};
  const filled = draft.numbers.filter((entry) => entry.number.trim() !== '');
  if (filled.length === 0) errors.numbers = PORT_NUMBER_MESSAGES.none;
  if (draft.numbers.length > PORT_MAX_NUMBERS) errors.numbers = PORT_NUMBER_MESSAGES.tooMany;
  const seen = new Set<string>();
  draft.numbers.forEach((entry, index) => {
    if (entry.number.trim() === '' && filled.length > 0) {
      errors[`numbers.${index}.number`] = PORT_NUMBER_MESSAGES.unreadable;
      return;
    }
    if (entry.number.trim() === '') return;
    const result = checkPortNumber(entry.number, entry.type);
    if ('field' in result) errors[`numbers.${index}.${result.field}`] = result.message;
    else if (seen.has(result.e164)) errors[`numbers.${index}.number`] = PORT_NUMBER_MESSAGES.duplicate;
    else seen.add(result.e164);
  });
  return errors;
}

function accountErrors(draft: PortDraft, today: string): DraftErrors {
  const errors: DraftErrors = {};
  const required = (field: keyof PortDraft, message: string, max: number) => {
    const value = String(draft[field] ?? '').trim();
    if (value === '' || value.length > max) errors[field] = message;
  };
  required('losing_carrier', PORT_FIELD_MESSAGES.losingCarrier, 100);
  if (!PORT_ACCOUNT_NUMBER_PATTERN.test(draft.account_number.trim()))
    errors.account_number = PORT_FIELD_MESSAGES.accountNumber;
  if (!PORT_PIN_PATTERN.test(draft.pin.trim())) errors.pin = PORT_FIELD_MESSAGES.pin;
  required('authorized_name', PORT_FIELD_MESSAGES.authorizedName, 200);
  required('service_address', PORT_FIELD_MESSAGES.serviceAddress, 500);
  const date = desiredDateProblem(draft.desired_date.trim(), today);
  if (date) errors.desired_date = date;
  return errors;
}

function documentErrors(draft: PortDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.loa) errors.loa = PORT_DOCUMENT_MESSAGES.loaRequired;
  else {
    const problem = portDocumentProblem(draft.loa);
    if (problem) errors.loa = problem;
  }
  if (draft.bill) {
    const problem = portDocumentProblem(draft.bill);
    if (problem) errors.bill = problem;
  }
  return errors;
}

/** What keeps the person on step `step` (0 numbers, 1 account details, 2 documents; 3 review: everything). */
export function stepErrors(step: number, draft: PortDraft, today: string): DraftErrors {
  if (step === 0) return numbersErrors(draft);
  if (step === 1) return accountErrors(draft, today);
  if (step === 2) return documentErrors(draft);
  return { ...numbersErrors(draft), ...accountErrors(draft, today), ...documentErrors(draft) };
}

/** The step that shows a field's message. */
export function stepOfField(field: string): number {
  if (field === 'numbers' || field.startsWith('numbers.') || field === 'service') return 0;
  if (field === 'bill' || field === 'loa') return 2;
  if (
    [
      'losing_carrier',
      'account_number',
      'pin',
      'authorized_name',
      'service_address',
      'desired_date',
    ].includes(field)
  )
    return 1;
  return 3;
}

/** The first step with a message, or null. */
export function firstStepWithErrors(errors: DraftErrors): number | null {
  const steps = Object.keys(errors).map(stepOfField);
  return steps.length ? Math.min(...steps) : null;
}

/** A 422's per-field messages (the first of each field). */
export function serverFieldErrors(errors: Record<string, unknown>): DraftErrors {
  const read: DraftErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) read[field] = first;
  }
  return read;
}

/** The draft as `POST /company/{companyId}/numbers/port` takes it (blank rows left out). */
export function portMultipart(draft: PortDraft): MultipartFields {
  const numbers = draft.numbers
    .filter((entry) => entry.number.trim() !== '')
    .map((entry) => ({ number: entry.number.trim(), type: entry.type }));
  return {
    numbers: JSON.stringify(numbers),
    service: draft.service,
    losing_carrier: draft.losing_carrier.trim(),
    account_number: draft.account_number.trim(),
    pin: draft.pin.trim(),
    authorized_name: draft.authorized_name.trim(),
    service_address: draft.service_address.trim(),
    desired_date: draft.desired_date.trim(),
    bill: draft.bill,
    loa: draft.loa,
  };
}
