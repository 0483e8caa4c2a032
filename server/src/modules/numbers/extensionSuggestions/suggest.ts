/**
 * Extension suggestions (§7 `GET /companies/{companyId}/extension-suggestions`, §9 "extension suggestions 10"): the
 * extensions already set up on the company's numbers, one per label and configuration, so an extension such as
 * "Sales" with its forwards is set up on another number in one pick. Pure: the routes in, the suggestions out.
 */
import type { ExtensionSuggestion, SuggestedRoute } from '@shared/api/forwardContacts';
import type { StoredRoute } from '@shared/api/numbers';
import type { CompanyNumberRoutes } from '../forwardContacts/routing';

/** An extension's configuration without its key (what copying it takes to another number). */
export function suggestedRouteOf(route: StoredRoute): SuggestedRoute {
  return {
    label: route.label.trim(),
    type: route.type,
    forwards: route.forwards.map((forward) => ({ number: forward.number, state: forward.state ?? null })),
    members: [...route.members],
    stagger: route.stagger,
    caller_id_pass_thru: route.caller_id_pass_thru,
    confirm_key: route.confirm_key,
    confirm_key_wait: route.confirm_key_wait,
    timeout: route.timeout,
    onhold_music_id: route.onhold_music_id ?? null,
    geo_by_state_enabled: route.geo_by_state_enabled,
    geo_by_state_static_fallback: route.geo_by_state_static_fallback,
    confirm_whisper: route.confirm_whisper,
    email_alert_address: route.email_alert_address,
    voicemail_enabled: route.voicemail_enabled,
    round_robin: route.round_robin,
    voicemail_greeting: route.voicemail_greeting ?? null,
  };
}

/** JSON with the keys of every object sorted, so two equal configurations read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The key of a label and configuration: the label compared without case or surrounding spaces ("Sales" and
 * "sales " are one), the configuration field by field (forwards in their order: it is the ringing order).
 */
export function suggestionKey(route: SuggestedRoute): string {
  return canonical({ ...route, label: route.label.trim().toLowerCase() });
}

/**
 * The company's extensions de-duplicated by label and configuration, by label (then the most used first), each
 * with where it is set up; `q` keeps those whose label contains it (any case). Extensions without a label are left
 * out: there is no name to pick them by.
 */
export function extensionSuggestions(
  numbers: readonly CompanyNumberRoutes[],
  q?: string,
): ExtensionSuggestion[] {
  const byKey = new Map<string, ExtensionSuggestion>();
  const needle = q?.trim().toLowerCase() ?? '';
  for (const number of numbers) {
    for (const stored of number.routes) {
      const route = suggestedRouteOf(stored);
      if (!route.label) continue;
      if (needle && !route.label.toLowerCase().includes(needle)) continue;
      const key = suggestionKey(route);
      const place = {
        number_id: number.id,
        number: number.number,
        number_label: number.label,
        extension: stored.extension,
      };
      const known = byKey.get(key);
      if (known) known.used_on.push(place);
      else byKey.set(key, { key, route, used_on: [place] });
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.route.label.localeCompare(b.route.label, 'en', { sensitivity: 'base' }) ||
      b.used_on.length - a.used_on.length ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
