/**
 * Reading a bulk attribute upload: the multipart `file` part, a CSV of at most BULK_ATTRIBUTE_MAX_BYTES (a
 * template of a few thousand numbers is far smaller), parsed whole. Other parts are ignored; no file, another
 * kind of file or one that is not CSV is a 422 on `file`.
 */
import { BULK_ATTRIBUTE_MESSAGES as M } from '@shared/api/dniReports';
import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../../../lib/errors';
import { type FilePart, multipartParts, uploadError } from '../../../lib/multipart';
import { drain } from '../../contactImport/readers';

export const BULK_ATTRIBUTE_MAX_BYTES = 5 * 1024 * 1024;

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']);

function isCsv(part: FilePart): boolean {
  const type = (part.mimetype ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /\.csv$/i.test(part.filename ?? '') || CSV_TYPES.has(type);
}

/** The file's bytes, or a 422 when it is larger than the limit. */
async function bytesOf(part: FilePart): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file) {
      size += (chunk as Buffer).length;
      if (size > BULK_ATTRIBUTE_MAX_BYTES) {
        await drain(part.file);
        throw invalid({ file: [M.tooLarge] });
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (part.file.truncated) throw invalid({ file: [M.tooLarge] });
  return Buffer.concat(chunks);
}

/** The uploaded CSV's records (the header first), each a list of cells as text. */
export async function uploadedRecords(request: FastifyRequest): Promise<string[][]> {
  if (!request.isMultipart()) throw invalid({ file: [M.noFile] });
  let records: string[][] | null = null;
  for await (const part of multipartParts(request)) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || records) {
      await drain(part.file);
      continue;
    }
    if (!isCsv(part)) {
      await drain(part.file);
      throw invalid({ file: [M.notCsv] });
    }
    const bytes = await bytesOf(part);
    try {
      records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
    } catch {
      throw invalid({ file: [M.unreadable] });
    }
  }
  if (!records) throw invalid({ file: [M.noFile] });
  return records;
}
