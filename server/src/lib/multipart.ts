/**
 * Reading multipart uploads. The parser (busboy) fails with plain errors when a client sends a body that is not
 * complete multipart/form-data (no boundary, cut short, a broken part header): the client's mistake, so it is a
 * 400 that says so — never a 500. Our own failures (the disk) and the plugin's limit errors keep their meaning.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalid } from './errors';

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

/** The first `bytes` bytes of a stored file (fewer when it is shorter), for sniffing its type. */
export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A file part received to disk: its size and first bytes, and how to refuse it (removing it first). */
export interface ReceivedFile {
  size: number;
  head: Buffer;
  /** Removes the file and answers the 422 on the caller's field with `message`, for the caller to throw. */
  refuse(message: string): Promise<HttpError>;
}

/**
 * Streams a file part to `absolute` (never buffered whole; the folder is made) and answers its size and first
 * `headBytes` bytes, for the caller to tell what it really is. A part cut at the size limit or empty is removed
 * and refused on `refusal.field` with the caller's words; a stream that breaks is removed and answered as
 * `uploadError` says.
 */
export async function receiveFilePart(
  part: FilePart,
  absolute: string,
  refusal: { field: string; tooLarge: string; empty: string },
  headBytes = 32,
): Promise<ReceivedFile> {
  await mkdir(dirname(absolute), { recursive: true });
  const refuse = async (message: string) => {
    await rm(absolute, { force: true });
    return invalid({ [refusal.field]: [message] });
  };
  let size = 0;
  part.file.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  try {
    await pipeline(part.file, createWriteStream(absolute));
  } catch (error) {
    if (hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw await refuse(refusal.tooLarge);
    await rm(absolute, { force: true });
    throw uploadError(error);
  }
  if (part.file.truncated) throw await refuse(refusal.tooLarge);
  if (size === 0) throw await refuse(refusal.empty);
  return { size, head: await readHead(absolute, headBytes), refuse };
}
