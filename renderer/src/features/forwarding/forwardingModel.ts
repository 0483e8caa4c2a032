/**
 * The forwarding numbers screen's rules: the add/edit form and what it sends (the contract's own schema judges it,
 * so the messages beside the fields are the server's), how an entry's usage reads, the routing editor's
 * suggestions of forwarding numbers (by name or digits), and an extension suggestion turned into a new extension.
 */
import {
  type ExtensionSuggestion,
  type ForwardContact,
  type ForwardContactInput,
  ForwardContactInputSchema,
  type ForwardUsage,
} from '@shared/api/forwardContacts';
import { extensionKeyLabel, nextExtension } from '@shared/domain/extensions';
import { formatPhone } from '@shared/domain/phone';
import { type RouteForm, routeFormOf } from '../numbers/routingModel';

export interface ForwardContactForm {
  name: string;
  number: string;
  usingIntNumber: boolean;
  note: string;
}

/** The fields the dialog shows a message beside (a 422's other fields go above the form). */
export const FORM_FIELDS: readonly (keyof ForwardContactForm)[] = [
  'name',
  'number',
  'usingIntNumber',
  'note',
];

export function formOf(entry: ForwardContact | null): ForwardContactForm {
  if (!entry) return { name: '', number: '', usingIntNumber: false, note: '' };
  return {
    name: entry.name,
    // As people read it; the server reads it back to the same E.164.
    number: entry.usingIntNumber ? formatPhone(entry.number, 'INTERNATIONAL') : formatPhone(entry.number),
    usingIntNumber: entry.usingIntNumber,
    note: entry.note,
  };
}

export function bodyOf(form: ForwardContactForm): ForwardContactInput {
  return {
    name: form.name.trim(),
    number: form.number.trim(),
    usingIntNumber: form.usingIntNumber,
    note: form.note.trim(),
  };
}

/** What the server would refuse in the form, by field (the contract's schema; its first message per field). */
export function formErrors(form: ForwardContactForm): Partial<Record<keyof ForwardContactForm, string>> {
  const parsed = ForwardContactInputSchema.safeParse(bodyOf(form));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ForwardContactForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FORM_FIELDS as readonly string[]).includes(field)) {
      errors[field as keyof ForwardContactForm] ??= issue.message;
    }
  }
  return errors;
}

/** "Not used", "1 route", "3 routes". */
export function usedByText(routes: number): string {
  if (routes === 0) return 'Not used';
  return routes === 1 ? '1 route' : `${routes} routes`;
}

/** The tracked number a usage is on, as people know it: "Main line · (312) 555-0100". */
export function usageNumberText(usage: Pick<ForwardUsage, 'number' | 'number_label'>): string {
  const phone = formatPhone(usage.number);
  return usage.number_label ? `${usage.number_label} · ${phone}` : phone;
}

/** The extension of a usage: "Extension 1 “Sales”". */
export function usageExtensionText(usage: Pick<ForwardUsage, 'extension' | 'label'>): string {
  const key = `Extension ${extensionKeyLabel(usage.extension)}`;
  return usage.label ? `${key} “${usage.label}”` : key;
}

/** A forwarding number as the routing editor offers it: the value put in the field, and how it is shown. */
export interface ForwardOption {
  /** The number as the field holds it once picked. */
  value: string;
  name: string;
  international: boolean;
}

export function forwardOptionOf(entry: ForwardContact): ForwardOption {
  return {
    value: entry.usingIntNumber ? entry.number : formatPhone(entry.number),
    name: entry.name,
    international: entry.usingIntNumber,
  };
}

/**
 * The entries matching what is typed in a forward's number field: by name (any case), or by digits when at least
 * three are typed ("312 555" finds +1312555…); nothing typed offers them all. At most `limit`, by name.
 */
export function matchForwardOptions(
  options: readonly ForwardOption[],
  typed: string,
  limit = 8,
): ForwardOption[] {
  const text = typed.trim().toLowerCase();
  const digits = typed.replace(/\D/g, '');
  const matches = options.filter((option) => {
    if (!text) return true;
    if (option.name.toLowerCase().includes(text)) return true;
    const optionDigits = option.value.replace(/\D/g, '');
    return digits.length >= 3 && optionDigits.includes(digits);
  });
  return matches.slice(0, limit);
}

/**
 * An extension suggestion as a new extension of this number: its configuration, under the next free key (§5
 * "Next extension") — the suggestion's own key is the other number's.
 */
export function routeFromSuggestion(
  suggestion: ExtensionSuggestion,
  existing: readonly RouteForm[],
): RouteForm {
  return routeFormOf({
    ...suggestion.route,
    extension: nextExtension(existing.map((route) => route.extension)),
  });
}

/** Where a suggestion is set up: "Main line ext. 1, Sales ext. 2 and 3 others". */
export function usedOnText(suggestion: ExtensionSuggestion): string {
  const places = suggestion.used_on.map(
    (place) =>
      `${place.number_label || formatPhone(place.number)} ext. ${extensionKeyLabel(place.extension)}`,
  );
  if (places.length <= 2) return places.join(', ');
  return `${places.slice(0, 2).join(', ')} and ${places.length - 2} other${places.length === 3 ? '' : 's'}`;
}
