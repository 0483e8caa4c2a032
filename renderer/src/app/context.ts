/** What the shell hands each signed-in screen: the user and the selected company. */
import type { User } from '@shared/api/auth';
import { resolveTimeZone } from '@shared/domain/time';
import { useOutletContext } from 'react-router';

export interface ShellContext {
  user: User;
  company: User['companies'][number] | null;
}

export function useShell(): ShellContext {
  return useOutletContext<ShellContext>();
}

/**
 * The zone every screen shows times in. §5 "User timezone is used only if a known zone name; otherwise a
 * default": the browser's, else UTC.
 */
export function userTimeZone(profileTimeZone: string | null | undefined, browserTimeZone?: string): string {
  return resolveTimeZone(profileTimeZone, resolveTimeZone(browserTimeZone, 'UTC'));
}

/** The browser's zone does not change while the page lives; reading it builds a formatter, so once. */
let browserZone: string | undefined;

export function useTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return userTimeZone(useShell().user.timezone, browserZone);
}
