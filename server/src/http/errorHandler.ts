/**
 * Every failure answers with the envelope `{ message, errors }` (ARCHITECTURE "Errors"): client mistakes with a
 * clear 4xx, never a 500; a real 500 carries a correlation id and no internals, and is logged in full.
 */
import { errorEnvelope } from '@shared/api/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

const KNOWN_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The body is empty but says it is JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'This request must be sent as JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: { status: 400, message: 'The URL is not valid.' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request could not be routed.' },
  FST_ERR_QSP_NOT_FN: { status: 400, message: 'The query string could not be read.' },
};

export function errorHandler(
  error: FastifyError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return reply.status(error.status).send(errorEnvelope(error.message, error.errors));
  }
  const code = (error as FastifyError).code;
  const known = code ? KNOWN_CODES[code] : undefined;
  if (known) return reply.status(known.status).send(errorEnvelope(known.message));
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send(errorEnvelope(error.message || 'The request could not be handled.'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(500)
    .send(
      errorEnvelope(
        `Something went wrong on our side. If it keeps happening, contact support and quote ${request.id}.`,
        {},
      ),
    );
}
