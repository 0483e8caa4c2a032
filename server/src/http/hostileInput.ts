/**
 * What no route accepts, whatever its schema says: a NUL character in any text (PostgreSQL cannot store one in a
 * `text` column, so it would fail the query instead of the validation) and a field named `__proto__` (a JSON body
 * may carry one as an own key; copied into an object it would replace that object's prototype). The route wrapper
 * checks params, query and body with this before their schemas run, so every schema — and every schema added
 * later — is covered in one place.
 */

export const HOSTILE_INPUT_MESSAGES = {
  nul: 'Remove the NUL character (\\u0000): text may not contain it.',
  proto: '__proto__ is not allowed as a field name.',
} as const;

/**
 * The fields at fault (dotted paths, as the 422 envelope names them) with their message; empty when the input is
 * fine. Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function hostileInputErrors(value: unknown, prefix = ''): Record<string, string[]> {
  const errors = new Map<string, string[]>();
  const add = (path: string, message: string) => {
    const known = errors.get(path) ?? [];
    if (!known.includes(message)) errors.set(path, [...known, message]);
  };
  const pending: { value: unknown; path: string }[] = [{ value, path: prefix }];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; path: string };
    const current = next.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) add(next.path, HOSTILE_INPUT_MESSAGES.nul);
      continue;
    }
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    for (const key of Object.keys(current)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (key === '__proto__') add(path, HOSTILE_INPUT_MESSAGES.proto);
      else if (key.includes('\u0000')) add(path.split('\u0000').join('\\u0000'), HOSTILE_INPUT_MESSAGES.nul);
      pending.push({ value: (current as Record<string, unknown>)[key], path });
    }
  }
  return Object.fromEntries(errors);
}
