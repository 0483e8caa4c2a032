/** Puts a 422's per-field messages onto a react-hook-form form, and answers the message for the whole form. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api';

export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  let unplaced = '';
  for (const [field, messages] of Object.entries(error.errors)) {
    const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
    if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message: text });
    else unplaced ||= text;
  }
  return unplaced || (error.status === 422 ? '' : error.message);
}
