/**
 * `tel:` and `sms:` links open the app on the dialer or a new message — from the OS (the app is the default
 * handler) or from a second launch, whose arguments the single-instance lock hands to the first.
 */
import { normalizePhone } from '@shared/domain/phone';

export const PROTOCOLS = ['tel', 'sms'] as const;

/** The renderer route for a tel:/sms: link, or null when it is not one (or names no valid number). */
export function routeForLink(link: string): string | null {
  const match = /^(tel|sms):(?:\/\/)?([^?]*)(?:\?(.*))?$/i.exec(link.trim());
  if (!match?.[1] || match[2] === undefined) return null;
  const number = normalizePhone(decodeURIComponent(match[2]));
  if (!number) return null;
  if (match[1].toLowerCase() === 'tel') return `/dialer?number=${encodeURIComponent(number)}`;
  const body = new URLSearchParams(match[3] ?? '').get('body');
  return `/inbox/new?number=${encodeURIComponent(number)}${body ? `&body=${encodeURIComponent(body)}` : ''}`;
}

/** The first tel:/sms: link among a launch's arguments (Windows and Linux pass them on the command line). */
export function linkInArguments(argv: readonly string[]): string | null {
  for (const argument of argv) {
    const route = routeForLink(argument);
    if (route) return route;
  }
  return null;
}
