/**
 * The sandbox caller ID provider: deterministic made-up answers for North American 555 numbers (the fictional
 * range every demo and test uses), so the UI and tests see the same caller each time without a paid lookup.
 * - a +1 NPA-555-XXXX number → a name, carrier and line type picked from its last four digits, and the city
 *   and state of its area code (a small table; other area codes give null place);
 * - one ending in 0000, or any number outside 555 → not found (null).
 */

import type { CallerLineType } from '@shared/api/callerId';
import { AREA_CODES } from '../../lib/sandboxAreaCodes';
import type { CallerIdProvider, CallerIdRecord } from '../../services/callerId';

const FIRST = ['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Drew'];
const LAST = [
  'Rivera',
  'Chen',
  'Patel',
  'Okafor',
  'Nguyen',
  'Schmidt',
  'Haddad',
  'Kowalski',
  'Silva',
  'Brooks',
];
const CARRIERS = ['Verizon Wireless', 'AT&T Mobility', 'T-Mobile USA', 'Lumen', 'Bandwidth.com'];
const LINE_TYPES: readonly CallerLineType[] = ['mobile', 'mobile', 'landline', 'voip', 'mobile'];

const NANP_555 = /^\+1(\d{3})555(\d{4})$/;

export function sandboxLookup(number: string): CallerIdRecord | null {
  const match = NANP_555.exec(number);
  if (!match) return null;
  const [, area = '', line = ''] = match;
  if (line === '0000') return null;
  const n = Number(line);
  const place = AREA_CODES[area];
  const tollFree = /^8(00|33|44|55|66|77|88)$/.test(area);
  return {
    number,
    name: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]}`,
    carrier: CARRIERS[n % CARRIERS.length] ?? null,
    line_type: tollFree ? 'tollfree' : (LINE_TYPES[n % LINE_TYPES.length] ?? 'unknown'),
    city: place?.[0] ?? null,
    state: place?.[1] ?? null,
  };
}

export const sandboxCallerId: CallerIdProvider = {
  name: 'sandbox',
  lookup: async (number) => sandboxLookup(number),
};
