/**
 * A 422's messages beside the wizard's fields: the server names them as the registration does
 * (`brand.website`, `campaign.sample_messages.1`), the forms by their own names (formFieldOf). What no field of
 * the step shows is answered, for the step's alert.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api';
import { formFieldOf } from './registrationModel';

export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  shown: readonly string[],
): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  let unplaced = '';
  for (const [field, messages] of Object.entries(error.errors)) {
    const text = Array.isArray(messages) ? String(messages[0] ?? '') : String(messages);
    const name = formFieldOf(field);
    if (shown.some((one) => name === one || name.startsWith(`${one}.`)))
      setError(name as Path<T>, { type: 'server', message: text });
    else unplaced ||= text;
  }
  return unplaced || (error.status === 422 ? '' : error.message);
}
