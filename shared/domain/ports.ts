/**
 * Number porting (§3 "Port status: pending, documentsRequested. Port number type: 1 local, 2 toll free, 3
 * Canadian. Port service: 1 voice and SMS, 2 fax."; §7 "GET /company/{companyId}/ports (+/stats); POST
 * /company/{companyId}/numbers/port"): the statuses of a port request and the moves between them, the rules a
 * request's numbers, account details and date must meet (with §5's number parsing and toll-free area codes), the
 * documents it carries, and the sandbox porting desk's verdicts. Pure: the server and the wizard share it.
 *
 * The statuses (§3 names the first two; the rest are docs/spec-interpretations.md "Number porting"):
 * - `pending`: asked for, waiting for the porting desk to review it (again, after a document was uploaded).
 * - `documentsRequested`: the desk needs a document that is missing or cannot be read (its reason names it);
 *   uploading it (`POST …/ports/{id}/documents`) sends the request back to `pending`.
 * - `submitted`: the desk accepted it and sent it to the losing carrier.
 * - `focScheduled`: the losing carrier gave a firm order commitment (FOC) date: the day the numbers move.
 * - `completed`: the numbers moved; they are the company's numbers now (audit-logged as `number-ported`).
 * - `rejected`: refused, with a reason naming the field at fault (account number, PIN, the number limit…).
 * - `canceled`: the requester cancelled it before the FOC date was set.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { codes, labelOf } from './codes';
import {
  PORT_NUMBER_TYPES,
  PORT_SERVICES,
  PORT_STATUSES,
  type PortNumberType,
  type PortService,
} from './numbers';
import { TOLL_FREE_AREA_CODES } from './phone';

export { PORT_NUMBER_TYPES, PORT_SERVICES, type PortNumberType, type PortService };

/** §3's two port statuses, then the ones a request passes through after them. */
export const PORT_REQUEST_STATUSES = codes([
  ...PORT_STATUSES,
  { value: 'submitted', label: 'Submitted to carrier' },
  { value: 'focScheduled', label: 'FOC date set' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'canceled', label: 'Canceled' },
]);
export type PortRequestStatus = (typeof PORT_REQUEST_STATUSES)[number]['value'];

/**
 * Every allowed move, and only these: a request moves forward, or — the one way back — from documentsRequested
 * to pending once the missing document is uploaded. completed, rejected and canceled are ends.
 */
export const PORT_TRANSITIONS: Readonly<Record<PortRequestStatus, readonly PortRequestStatus[]>> =
  Object.freeze({
    pending: ['documentsRequested', 'submitted', 'rejected', 'canceled'],
    documentsRequested: ['pending', 'canceled'],
    submitted: ['focScheduled', 'rejected', 'canceled'],
    focScheduled: ['completed', 'rejected'],
    completed: [],
    rejected: [],
    canceled: [],
  });

export function canMovePort(from: PortRequestStatus, to: PortRequestStatus): boolean {
  return PORT_TRANSITIONS[from].includes(to);
}

/** A request that will not move again. */
export function isPortFinished(status: PortRequestStatus): boolean {
  return PORT_TRANSITIONS[status].length === 0;
}

/** Before the FOC date is set, the requester may cancel. */
export function isPortCancellable(status: PortRequestStatus): boolean {
  return canMovePort(status, 'canceled');
}

/** Statuses the desk is working on (it has a next step of its own to take). */
export function isPortWithDesk(status: PortRequestStatus): boolean {
  return status === 'pending' || status === 'submitted' || status === 'focScheduled';
}

export const portStatusLabel = (status: PortRequestStatus) => labelOf(PORT_REQUEST_STATUSES, status);

/* ----------------------------------------------- documents ----------------------------------------------- */

/** The documents of a port: a recent bill of the losing carrier, and the signed letter of authorisation. */
export const PORT_DOCUMENT_KINDS = codes([
  { value: 'bill', label: 'Recent bill' },
  { value: 'loa', label: 'Signed letter of authorisation' },
]);
export type PortDocumentKind = (typeof PORT_DOCUMENT_KINDS)[number]['value'];

/** PDF, PNG or JPEG (a scan or a photo of a signed page). */
export const PORT_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type PortDocumentType = (typeof PORT_DOCUMENT_TYPES)[number];
export const PORT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const PORT_DOCUMENT_MESSAGES = {
  loaRequired: 'Attach the signed letter of authorisation (PDF, PNG or JPEG).',
  type: (name: string) => `${name} is not a PDF, PNG or JPEG file.`,
  tooLarge: (name: string) =>
    `${name} is larger than ${PORT_DOCUMENT_MAX_BYTES / (1024 * 1024)} MB, the limit for a port document.`,
  empty: (name: string) => `${name} is empty.`,
  mismatch: (name: string, declared: string) =>
    `${name} does not contain what its type says (${declared}); it was not attached.`,
  none: 'Attach the document the porting desk asked for.',
  notAsked: 'The porting desk is not waiting for a document on this request.',
} as const;

/** A file's problem as a port document (by what the browser says of it), or null. */
export function portDocumentProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(PORT_DOCUMENT_TYPES as readonly string[]).includes(file.type.toLowerCase()))
    return PORT_DOCUMENT_MESSAGES.type(file.name);
  if (file.size === 0) return PORT_DOCUMENT_MESSAGES.empty(file.name);
  if (file.size > PORT_DOCUMENT_MAX_BYTES) return PORT_DOCUMENT_MESSAGES.tooLarge(file.name);
  return null;
}

/* ------------------------------------------------ numbers ------------------------------------------------ */

/** How many numbers one request may move. */
export const PORT_MAX_NUMBERS = 50;

export const PORT_NUMBER_MESSAGES = {
  unreadable:
    'Enter a North American number: 10 digits, optionally with +1 (dashes, spaces, parentheses allowed).',
  invalid: 'This is not a valid phone number.',
  tollFreeType: 'A toll-free number (800, 833, 844, 855, 866, 877, 888) is ported as type 2, Toll free.',
  notTollFree: 'Type 2 is for toll-free numbers (800, 833, 844, 855, 866, 877, 888).',
  canadian: 'This is a US number; choose type 1, Local.',
  notCanadian: 'This is a Canadian number; choose type 3, Canadian.',
  duplicate: 'This number is listed twice in this request.',
  onPlatform: 'This number is already on the platform.',
  inAnotherPort: 'This number is already in another port request that has not ended.',
  none: 'Add at least one number to port.',
  tooMany: `Port at most ${PORT_MAX_NUMBERS} numbers in one request.`,
} as const;

/**
 * §5 "A number is parsed after removing dashes, parentheses and spaces, with optional leading +1 and 10 digits":
 * the 10 digits, or null.
 */
export function portNumberDigits(input: string): string | null {
  const match = /^(?:\+?1)?(\d{10})$/.exec(input.trim().replace(/[-() ]/g, ''));
  return match?.[1] ?? null;
}

/**
 * A number to port and its §3 port number type: its E.164 form, or the problem with it (on `number` or on
 * `type`). Toll-free area codes (§5) must be type 2 and type 2 must be toll-free; other numbers are type 3 when
 * Canadian, type 1 when in the US, as libphonenumber's full metadata (§5 "an international phone utility") says.
 */
export function checkPortNumber(
  input: string,
  type: PortNumberType,
): { e164: string } | { field: 'number' | 'type'; message: string } {
  const digits = portNumberDigits(input);
  if (!digits) return { field: 'number', message: PORT_NUMBER_MESSAGES.unreadable };
  const parsed = parsePhoneNumberFromString(`+1${digits}`);
  if (!parsed?.isValid()) return { field: 'number', message: PORT_NUMBER_MESSAGES.invalid };
  const tollFree = TOLL_FREE_AREA_CODES.includes(digits.slice(0, 3));
  if (tollFree && type !== 2) return { field: 'type', message: PORT_NUMBER_MESSAGES.tollFreeType };
  if (!tollFree && type === 2) return { field: 'type', message: PORT_NUMBER_MESSAGES.notTollFree };
  if (!tollFree) {
    const canadian = parsed.country === 'CA';
    if (canadian && type !== 3) return { field: 'type', message: PORT_NUMBER_MESSAGES.notCanadian };
    if (!canadian && type === 3) return { field: 'type', message: PORT_NUMBER_MESSAGES.canadian };
  }
  return { e164: parsed.number };
}

/** The port number type a number most likely is (what the wizard preselects), or null when it is not readable. */
export function suggestPortNumberType(input: string): PortNumberType | null {
  const digits = portNumberDigits(input);
  if (!digits) return null;
  if (TOLL_FREE_AREA_CODES.includes(digits.slice(0, 3))) return 2;
  return parsePhoneNumberFromString(`+1${digits}`)?.country === 'CA' ? 3 : 1;
}

/**
 * The §3 number-type code and category a ported number gets on the platform: fax service makes a fax number
 * (type 3, category Fax); voice and SMS a toll-free (type 1) or local one (type 2; Canadian numbers are local).
 */
export function platformTypeOfPort(
  portType: PortNumberType,
  service: PortService,
): { type: 1 | 2 | 3; category: 1 | 3 } {
  if (service === 2) return { type: 3, category: 3 };
  return { type: portType === 2 ? 1 : 2, category: 1 };
}

/* -------------------------------------------- account details -------------------------------------------- */

export const PORT_FIELD_MESSAGES = {
  losingCarrier: 'Enter the carrier the numbers are with now.',
  accountNumber: 'Enter the account number with that carrier (letters, digits, dashes; up to 30).',
  pin: 'Enter the account PIN or passcode: 4 to 10 letters or digits.',
  authorizedName: 'Enter the name of the person authorised on the account.',
  serviceAddress: 'Enter the service address on the account.',
  desiredDate: 'Enter the date you want the numbers moved (YYYY-MM-DD).',
  pastDate: 'Choose a date from today on.',
  weekend: 'Choose a business day (Monday to Friday).',
  service: 'Choose the service: 1 voice and SMS, or 2 fax.',
} as const;

export const PORT_ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/;
export const PORT_PIN_PATTERN = /^[A-Za-z0-9]{4,10}$/;

/** The PIN as it is ever shown: its last 2 characters only. */
export function maskPin(pin: string): string {
  return `••••${pin.slice(-2)}`;
}

/** `YYYY-MM-DD` of a moment in UTC. */
export function isoDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date `YYYY-MM-DD` as a UTC midnight, or null when it is not a real date. */
export function parseIsoDate(value: string): Date | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return isoDate(date) === value ? date : null;
}

/** Monday to Friday (public holidays are not modelled). */
export function isBusinessDay(value: string): boolean {
  const date = parseIsoDate(value);
  const day = date?.getUTCDay();
  return day !== undefined && day !== 0 && day !== 6;
}

/** The first business day on or after `value`. */
export function nextBusinessDay(value: string): string {
  let date = parseIsoDate(value) ?? new Date(0);
  while (!isBusinessDay(isoDate(date))) date = new Date(date.getTime() + 86_400_000);
  return isoDate(date);
}

/** The desired port date's problem (a real date, a business day, not before `today`), or null. */
export function desiredDateProblem(value: string, today: string): string | null {
  if (!parseIsoDate(value)) return PORT_FIELD_MESSAGES.desiredDate;
  if (value < today) return PORT_FIELD_MESSAGES.pastDate;
  if (!isBusinessDay(value)) return PORT_FIELD_MESSAGES.weekend;
  return null;
}

/* --------------------------------------------- the porting desk --------------------------------------------- */

/** The request as the desk reviews it. */
export interface PortUnderReview {
  accountNumber: string;
  pin: string;
  documents: readonly PortDocumentKind[];
}

export const PORT_DESK_REASONS = {
  billMissing:
    'The porting desk needs a recent bill from the losing carrier showing the account number and service address.',
  loaMissing: 'The porting desk needs the signed letter of authorisation.',
  accountNumber: 'The losing carrier says the account number does not match its records.',
  pin: 'The losing carrier says the account PIN does not match.',
} as const;

export type DeskVerdict =
  | { status: 'documentsRequested'; field: PortDocumentKind; reason: string }
  | { status: 'rejected'; field: 'account_number' | 'pin'; reason: string }
  | { status: 'submitted' };

/**
 * The sandbox porting desk's review of a pending request, deterministic so demos and tests can steer it: a missing
 * document is asked for (the bill first, then the letter); an account number ending 0000 is refused by the losing
 * carrier as not matching, and a PIN of 0000 likewise; anything else is submitted to the carrier.
 */
export function reviewPort(request: PortUnderReview): DeskVerdict {
  if (!request.documents.includes('bill'))
    return { status: 'documentsRequested', field: 'bill', reason: PORT_DESK_REASONS.billMissing };
  if (!request.documents.includes('loa'))
    return { status: 'documentsRequested', field: 'loa', reason: PORT_DESK_REASONS.loaMissing };
  if (request.accountNumber.endsWith('0000'))
    return { status: 'rejected', field: 'account_number', reason: PORT_DESK_REASONS.accountNumber };
  if (request.pin === '0000') return { status: 'rejected', field: 'pin', reason: PORT_DESK_REASONS.pin };
  return { status: 'submitted' };
}

/**
 * The FOC date the losing carrier commits to: the desired date, unless that is before `earliest` (the carrier
 * needs that long) or not a business day — then the first business day from `earliest` on.
 */
export function focDateFor(desired: string, earliest: string): string {
  return nextBusinessDay(desired < earliest ? earliest : desired);
}
