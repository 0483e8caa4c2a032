/**
 * Reading multipart uploads. The parser (busboy) fails with plain errors when a client sends a body that is not
 * complete multipart/form-data (no boundary, cut short, a broken part header): the client's mistake, so it is a
 * 400 that says so — never a 500. Our own failures (the disk) and the plugin's limit errors keep their meaning.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const UPLOAD_UNREADABLE =
  'The upload could not be read: send it as complete multipart/form-data (its boundary, every part, the end).';

/** A file part as @fastify/multipart hands it over (its stream is marked `truncated` when cut at the limit). */
export interface FilePart {
  type: 'file';
  fieldname: string;
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean; bytesRead?: number };
}

/** A plain field part. */
export interface FieldPart {
  type: 'field';
  fieldname: string;
  value: unknown;
}

export type MultipartPart = FilePart | FieldPart;

/** Whether the error carries this code (the multipart plugin's limit errors: `FST_FILES_LIMIT`, …). */
export function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code;
}

/** The error to answer for one thrown while reading an upload. */
export function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { statusCode, code, syscall } = (error ?? {}) as {
    statusCode?: number;
    code?: string;
    syscall?: string;
  };
  // The multipart plugin's own errors (limits, prototype field names) carry a 4xx status already.
  if (statusCode && statusCode >= 400 && statusCode < 500) return error;
  // A failure of ours (the disk, a stream we opened) is a 500, as it should be.
  if (syscall || (code && /^E[A-Z]+$/.test(code))) return error;
  return new HttpError(400, UPLOAD_UNREADABLE);
}

/** The request's parts, failing with `uploadError` when the body cannot be read as multipart. */
export async function* multipartParts<Part = MultipartPart>(
  request: FastifyRequest,
  options?: Parameters<FastifyRequest['parts']>[0],
): AsyncGenerator<Part> {
  const iterator = (request.parts(options) as AsyncIterable<Part>)[Symbol.asyncIterator]();
  while (true) {
    let next: IteratorResult<Part>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw uploadError(error);
    }
    if (next.done) return;
    yield next.value;
  }
}
