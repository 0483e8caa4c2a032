/** Errors a service or route throws to answer with a status and the envelope of ARCHITECTURE "Errors". */
import type { ErrorEnvelope } from '@shared/api/errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorEnvelope['errors'] = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404 for a record that does not exist or belongs to another company: the two must look the same. */
export const notFound = (what = 'record') => new HttpError(404, `The ${what} was not found.`);

export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);

export const unauthenticated = (message = 'Unauthenticated.') => new HttpError(401, message);

/** 422 naming the field(s) at fault. */
export const invalid = (errors: Record<string, string[]>, message = 'The given data was invalid.') =>
  new HttpError(422, message, errors);

export const conflict = (message: string, errors: Record<string, string[]> = {}) =>
  new HttpError(409, message, errors);
