/** The message react-hook-form holds for a field (nested names like `routes.0.forwards.1.number`), if any. */
import { type FieldError, get, type UseFormReturn } from 'react-hook-form';
import type { NumberForm } from './routingModel';

export function errorOf(form: UseFormReturn<NumberForm>, name: string): string | undefined {
  return get<unknown, FieldError | undefined>(form.formState.errors, name)?.message;
}
