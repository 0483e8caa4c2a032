/**
 * A refusal in words: a 422's per-field messages put onto a react-hook-form form (and the message for the whole
 * form), or all of them in one line for a flash or an alert.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api';

/**
 * `fields` names the fields the form shows a message beside: a list, or a test for forms whose fields are rows
 * of a list (`choices.2.value`). The answer is the first message no field shows, else (not a 422) the error's
 * message, else nothing.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | ((field: string) => boolean),
): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const placed = typeof fields === 'function' ? fields : (field: string) => fields.includes(field);
  let unplaced = '';
  for (const [field, messages] of Object.entries(error.errors)) {
    const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
    if (placed(field)) setError(field as Path<T>, { type: 'server', message: text });
    else unplaced ||= text;
  }
  return unplaced || (error.status === 422 ? '' : error.message);
}

/** For a form of one field: whatever went wrong is said beside it. */
export function applyServerErrorsToField<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  field: Path<T>,
): void {
  const unplaced = applyServerErrors(error, setError, [field]);
  if (unplaced) setError(field, { type: 'server', message: unplaced });
}

/** Every per-field message of a refusal once, in one line; else the error's message. */
export function failureSummary(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const lines = Object.values(error.errors)
    .flatMap((messages) => (Array.isArray(messages) ? messages.map(String) : [String(messages)]))
    .filter(Boolean);
  const unique = [...new Set(lines)];
  return unique.length ? unique.join(' ') : error.message;
}
