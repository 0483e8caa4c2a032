import { describe, expect, it } from 'vitest';
import { valuesOf } from './codes';
import {
  canMovePort,
  checkPortNumber,
  desiredDateProblem,
  focDateFor,
  isPortCancellable,
  isPortFinished,
  maskPin,
  PORT_DESK_REASONS,
  PORT_FIELD_MESSAGES,
  PORT_NUMBER_MESSAGES,
  PORT_REQUEST_STATUSES,
  PORT_TRANSITIONS,
  type PortRequestStatus,
  platformTypeOfPort,
  portDocumentProblem,
  reviewPort,
  suggestPortNumberType,
} from './ports';

const ALL = valuesOf(PORT_REQUEST_STATUSES);

describe('§3 "Port status: pending, documentsRequested" and the statuses after them', () => {
  it('starts with §3’s two, in its order, then the lifecycle', () => {
    expect(ALL).toEqual([
      'pending',
      'documentsRequested',
      'submitted',
      'focScheduled',
      'completed',
      'rejected',
      'canceled',
    ]);
  });

  // Every pair of statuses: the table says whether the move is allowed.
  const ALLOWED: [PortRequestStatus, PortRequestStatus][] = [
    ['pending', 'documentsRequested'],
    ['pending', 'submitted'],
    ['pending', 'rejected'],
    ['pending', 'canceled'],
    ['documentsRequested', 'pending'],
    ['documentsRequested', 'canceled'],
    ['submitted', 'focScheduled'],
    ['submitted', 'rejected'],
    ['submitted', 'canceled'],
    ['focScheduled', 'completed'],
    ['focScheduled', 'rejected'],
  ];
  const pairs = ALL.flatMap((from) => ALL.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
    expect(canMovePort(from, to)).toBe(allowed);
  });

  it.each([
    ['pending', false, true],
    ['documentsRequested', false, true],
    ['submitted', false, true],
    ['focScheduled', false, false],
    ['completed', true, false],
    ['rejected', true, false],
    ['canceled', true, false],
  ] as const)('%s: finished %s, cancellable (before the FOC date) %s', (status, finished, cancellable) => {
    expect(isPortFinished(status)).toBe(finished);
    expect(isPortCancellable(status)).toBe(cancellable);
  });

  it('no status moves to itself, and every status the table names is a status', () => {
    for (const [from, next] of Object.entries(PORT_TRANSITIONS)) {
      expect(next).not.toContain(from);
      for (const to of next) expect(ALL).toContain(to);
    }
  });
});

describe('§3 "Port number type: 1 local, 2 toll free, 3 Canadian" with §5’s parsing and toll-free area codes', () => {
  it.each([
    // §5 "parsed after removing dashes, parentheses and spaces, with optional leading +1 and 10 digits"
    ['(312) 555-0142', 1, '+13125550142'],
    ['+1 312-555-0142', 1, '+13125550142'],
    ['13125550142', 1, '+13125550142'],
    // §5 "Toll-free area codes: 800, 833, 844, 855, 866, 877, 888"
    ['800-356-9377', 2, '+18003569377'],
    ['+1 (888) 555-0100', 2, '+18885550100'],
    // Canadian: Toronto 416, Vancouver 604
    ['416-555-0199', 3, '+14165550199'],
    ['604 555 0123', 3, '+16045550123'],
  ] as const)('%s as type %i → %s', (input, type, e164) => {
    expect(checkPortNumber(input, type)).toEqual({ e164 });
    expect(suggestPortNumberType(input)).toBe(type);
  });

  it.each([
    ['312-555-014', 1, 'number', PORT_NUMBER_MESSAGES.unreadable],
    ['+44 20 7946 0958', 1, 'number', PORT_NUMBER_MESSAGES.unreadable],
    ['312.555.0142', 1, 'number', PORT_NUMBER_MESSAGES.unreadable],
    ['(111) 555-0142', 1, 'number', PORT_NUMBER_MESSAGES.invalid],
    ['800-356-9377', 1, 'type', PORT_NUMBER_MESSAGES.tollFreeType],
    ['833-555-0100', 3, 'type', PORT_NUMBER_MESSAGES.tollFreeType],
    ['312-555-0142', 2, 'type', PORT_NUMBER_MESSAGES.notTollFree],
    ['416-555-0199', 1, 'type', PORT_NUMBER_MESSAGES.notCanadian],
    ['312-555-0142', 3, 'type', PORT_NUMBER_MESSAGES.canadian],
  ] as const)('%s as type %i is refused on %s', (input, type, field, message) => {
    expect(checkPortNumber(input, type)).toEqual({ field, message });
  });
});

describe('§3 "Port service: 1 voice and SMS, 2 fax" → the §3 number type the ported number gets', () => {
  it.each([
    [1, 1, { type: 2, category: 1 }],
    [2, 1, { type: 1, category: 1 }],
    [3, 1, { type: 2, category: 1 }],
    [1, 2, { type: 3, category: 3 }],
    [2, 2, { type: 3, category: 3 }],
  ] as const)('port type %i, service %i', (portType, service, expected) => {
    expect(platformTypeOfPort(portType, service)).toEqual(expected);
  });
});

describe('account details and the desired date', () => {
  it('shows only the PIN’s last 2 characters', () => {
    expect(maskPin('482913')).toBe('••••13');
    expect(maskPin('482913')).not.toContain('4829');
  });

  // 2026-11-24 is a Tuesday.
  it.each([
    ['2026-11-24', null],
    ['2026-11-27', null],
    ['2026-11-23', PORT_FIELD_MESSAGES.pastDate],
    ['2026-11-28', PORT_FIELD_MESSAGES.weekend],
    ['2026-11-29', PORT_FIELD_MESSAGES.weekend],
    ['2026-02-30', PORT_FIELD_MESSAGES.desiredDate],
    ['next week', PORT_FIELD_MESSAGES.desiredDate],
  ])('desired %s with today 2026-11-24 → %s', (value, problem) => {
    expect(desiredDateProblem(value, '2026-11-24')).toBe(problem);
  });

  it.each([
    ['2026-12-01', '2026-11-26', '2026-12-01'],
    ['2026-11-24', '2026-11-26', '2026-11-26'],
    ['2026-11-24', '2026-11-28', '2026-11-30'],
  ])('FOC for desired %s, the carrier ready from %s → %s', (desired, earliest, foc) => {
    expect(focDateFor(desired, earliest)).toBe(foc);
  });
});

describe('documents: PDF, PNG or JPEG within the size limit', () => {
  it.each([
    [{ name: 'bill.pdf', type: 'application/pdf', size: 2000 }, null],
    [{ name: 'loa.png', type: 'image/png', size: 2000 }, null],
    [{ name: 'loa.jpg', type: 'image/jpeg', size: 2000 }, null],
    [
      { name: 'bill.docx', type: 'application/msword', size: 2000 },
      'bill.docx is not a PDF, PNG or JPEG file.',
    ],
    [{ name: 'bill.pdf', type: 'application/pdf', size: 0 }, 'bill.pdf is empty.'],
    [
      { name: 'bill.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 },
      'bill.pdf is larger than 10 MB, the limit for a port document.',
    ],
  ])('%o → %s', (file, problem) => {
    expect(portDocumentProblem(file)).toBe(problem);
  });
});

describe('the sandbox porting desk’s review', () => {
  const good = { accountNumber: 'ACC-1234', pin: '4821', documents: ['bill', 'loa'] as const };
  it.each([
    [good, { status: 'submitted' }],
    [
      { ...good, documents: ['loa'] as const },
      { status: 'documentsRequested', field: 'bill', reason: PORT_DESK_REASONS.billMissing },
    ],
    [
      { ...good, documents: ['bill'] as const },
      { status: 'documentsRequested', field: 'loa', reason: PORT_DESK_REASONS.loaMissing },
    ],
    [
      { ...good, accountNumber: '55510000' },
      { status: 'rejected', field: 'account_number', reason: PORT_DESK_REASONS.accountNumber },
    ],
    [
      { ...good, pin: '0000' },
      { status: 'rejected', field: 'pin', reason: PORT_DESK_REASONS.pin },
    ],
  ])('%o → %o', (request, verdict) => {
    expect(reviewPort(request)).toEqual(verdict);
  });
});
