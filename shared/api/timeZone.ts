/**
 * §5 "User timezone is used only if a known zone name". Kept apart from contract.ts: the list of known zones is
 * large, and the app's first screen loads the contract's lighter tables (sign-in, tenant config) without it.
 */
import { z } from 'zod';
import { isKnownTimeZone } from '../domain/time';

/** A time zone by its IANA name; anything else is refused by name. */
export const TimeZoneSchema = z.string().trim().refine(isKnownTimeZone, {
  message: 'Choose a time zone from the list (an IANA name such as America/Chicago).',
});
