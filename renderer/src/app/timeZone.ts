/**
 * The zone every screen shows times in. Apart from the shell's context (context.ts) so that what the first page
 * load needs of the context does not bring the zone rules and their date library with it.
 */
import { resolveTimeZone } from '@shared/domain/time';
import { useShell } from './context';

/** §5 "User timezone is used only if a known zone name; otherwise a default": the browser's, else UTC. */
export function userTimeZone(profileTimeZone: string | null | undefined, browserTimeZone?: string): string {
  return resolveTimeZone(profileTimeZone, resolveTimeZone(browserTimeZone, 'UTC'));
}

/** The browser's zone does not change while the page lives; reading it builds a formatter, so once. */
let browserZone: string | undefined;

export function useTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return userTimeZone(useShell().user.timezone, browserZone);
}
