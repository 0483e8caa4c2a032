/**
 * The live feed's words: how long ago something happened ("just now", "4 min", "1 h 5 min" — the feed is about
 * the last half hour, so minutes matter more than dates), a page address without its scheme and site when it is
 * the visitor's own site, a timeline event's label, and the drawers the address opens (`?session=…` for a
 * visitor's timeline, `?call=…` for a call), so a visitor or a call on the feed can be linked to.
 */
import type { DniEvent, DniSession } from '@shared/api/dni';
import { formatPhone } from '@shared/domain/phone';

/** "just now" under a minute, "4 min", "1 h 5 min"; never negative (a clock a little ahead of the server's). */
export function sinceText(iso: string, now: Date): string {
  const minutes = Math.floor(Math.max(0, now.getTime() - new Date(iso).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** A page address as the feed shows it: its path and query when on the landing page's site, else whole, no scheme. */
export function pageText(url: string | null, landing?: string | null): string {
  if (!url) return '';
  const site = (address: string | null | undefined) => /^https?:\/\/([^/?#]+)/i.exec(address ?? '')?.[1];
  const own = site(url);
  if (own && landing && own === site(landing)) return url.replace(/^https?:\/\/[^/?#]+/i, '') || '/';
  return url.replace(/^https?:\/\//i, '');
}

/** The source a visitor is counted under: the company's source, else what their visit said. */
export function visitorSource(session: Pick<DniSession, 'source' | 'attribution'>): string {
  return session.source?.name ?? session.attribution.source;
}

/** The number a visitor sees: a pool's, the fallback (said so), or none (the page's own). */
export function numberShown(session: Pick<DniSession, 'number' | 'fallback'>): string {
  if (!session.number) return 'The page’s own';
  return session.fallback ? `${formatPhone(session.number)} (fallback)` : formatPhone(session.number);
}

const EVENT_LABELS: Record<DniEvent['kind'], string> = {
  page_view: 'Viewed a page',
  number_shown: 'Was shown a number',
  fallback: 'Was shown the fallback number',
  call: 'Called',
};

/** A timeline event in a line: what happened and to what. */
export function eventText(event: DniEvent): { title: string; detail: string } {
  const title = EVENT_LABELS[event.kind];
  if (event.kind === 'page_view')
    return { title, detail: [event.title, event.url].filter(Boolean).join(' · ') };
  return { title, detail: event.number ? formatPhone(event.number) : '' };
}

/** The drawers the address asks for. A session id has the shape the contract allows, else it is ignored. */
export function drawersOf(params: URLSearchParams): { session: string | null; call: number | null } {
  const session = params.get('session');
  const call = Number(params.get('call'));
  return {
    session: session && /^[A-Za-z0-9_-]{16,64}$/.test(session) ? session : null,
    call: Number.isSafeInteger(call) && call > 0 ? call : null,
  };
}

/** The address with one drawer open (or closed, with null), the other parameters kept. */
export function withDrawer(
  params: URLSearchParams,
  drawer: 'session' | 'call',
  value: string | number | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(drawer);
  else next.set(drawer, String(value));
  return next;
}
