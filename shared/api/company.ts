/**
 * §7 "A company-id placeholder in a path or query param is replaced by the selected company id."
 * Calls name the selected company with `COMPANY_ID_PLACEHOLDER`; the one API client fills it in.
 */

export const COMPANY_ID_PLACEHOLDER = '{companyId}';

/** Thrown when a call names the selected company but none is selected (e.g. before sign-in finished). */
export class NoCompanySelectedError extends Error {
  constructor(path: string) {
    super(`No company is selected, so ${path} cannot be called yet.`);
    this.name = 'NoCompanySelectedError';
  }
}

function replaceIn(value: unknown, companyId: string): unknown {
  if (typeof value === 'string') return value.replaceAll(COMPANY_ID_PLACEHOLDER, companyId);
  if (Array.isArray(value)) return value.map((item) => replaceIn(item, companyId));
  return value;
}

function mentionsPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(COMPANY_ID_PLACEHOLDER);
  if (Array.isArray(value)) return value.some(mentionsPlaceholder);
  return false;
}

/**
 * Replaces the placeholder in the path and in query param values (strings, and strings inside arrays) with the
 * selected company's id. Without a selected company, a call that needs one fails with `NoCompanySelectedError`;
 * a call that does not is passed through.
 */
export function withSelectedCompany<P extends Record<string, unknown> | undefined>(
  path: string,
  params: P,
  companyId: number | string | null | undefined,
): { path: string; params: P } {
  const needsCompany =
    path.includes(COMPANY_ID_PLACEHOLDER) || Object.values(params ?? {}).some(mentionsPlaceholder);
  if (!needsCompany) return { path, params };
  if (companyId === null || companyId === undefined || companyId === '')
    throw new NoCompanySelectedError(path);
  const id = encodeURIComponent(String(companyId));
  const filled = params
    ? (Object.fromEntries(
        Object.entries(params).map(([key, value]) => [key, replaceIn(value, String(companyId))]),
      ) as P)
    : params;
  return { path: path.replaceAll(COMPANY_ID_PLACEHOLDER, id), params: filled };
}

/**
 * Fills the `{name}` segments of a contract path (`/campaigns/{id}/events`) from `values`. The company
 * placeholder is left for `withSelectedCompany` unless `values.companyId` is given. A missing value throws,
 * naming it, rather than calling a wrong URL.
 */
export function fillPath(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (segment, name: string) => {
    const value = values[name];
    if (value === undefined) {
      if (segment === COMPANY_ID_PLACEHOLDER) return segment;
      throw new Error(`${template} needs a value for {${name}}`);
    }
    return encodeURIComponent(String(value));
  });
}
