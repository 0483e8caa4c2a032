/**
 * Opt-in proof (`POST …/supporting-files`): one file a request, streamed to `<dataDir>/registration/<companyId>/
 * <uuid>.<ext>` (never buffered whole), at most SUPPORTING_FILE_MAX_BYTES, PNG, JPEG, GIF or PDF by its first
 * bytes (whatever it is called or declared as), at most SUPPORTING_FILES_MAX a registration. Anything refused
 * answers 422 on `file` and leaves nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  REGISTRATION_MESSAGES as M,
  type SmsSupportingFile,
  SUPPORTING_FILE_MAX_BYTES,
  SUPPORTING_FILE_TYPES,
  SUPPORTING_FILES_MAX,
} from '@shared/api/registration';
import { isEditable } from '@shared/domain/registration';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { smsRegistrationFiles } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import {
  type FilePart,
  hasErrorCode,
  multipartParts,
  receiveFilePart,
  uploadError,
} from '../../lib/multipart';
import { storedFilePath } from '../../lib/storedFiles';
import { sniffMediaType } from '../messaging/upload';
import { signSupportingFileUrl } from './fileUrls';
import { registrationOf } from './records';
import { overallStatus } from './view';

const MB = SUPPORTING_FILE_MAX_BYTES / (1024 * 1024);
export const FILE_MESSAGES = {
  type: (name: string) => `${name} is not a PNG, JPEG, GIF or PDF file.`,
  tooLarge: (name: string) => `${name} is larger than ${MB} MB, the limit for a supporting file.`,
  empty: (name: string) => `${name} is empty.`,
  tooMany: `A registration keeps at most ${SUPPORTING_FILES_MAX * 2} supporting files; remove one first.`,
  oneFile: 'Upload one file at a time, in the field named "file".',
} as const;

const EXTENSIONS: Record<(typeof SUPPORTING_FILE_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

const absolutePath = (ctx: AppContext, relative: string) => join(ctx.config.dataDir, relative);

export async function removeStoredFiles(ctx: AppContext, paths: readonly string[]): Promise<void> {
  await Promise.all(
    paths.map((path) => {
      const absolute = storedFilePath(ctx.config.dataDir, 'registration', path);
      return absolute ? rm(absolute, { force: true }) : undefined;
    }),
  );
}

/** Streams the part to disk and checks what its bytes are; answers the stored file's facts. */
async function store(ctx: AppContext, companyId: number, part: FilePart) {
  const name = (part.filename || 'file').slice(0, 200);
  // Stored under a neutral name first: the extension follows what the bytes turn out to be.
  const absolute = absolutePath(ctx, join('registration', String(companyId), `${randomUUID()}.upload`));
  const { size, head, refuse } = await receiveFilePart(part, absolute, {
    field: 'file',
    tooLarge: FILE_MESSAGES.tooLarge(name),
    empty: FILE_MESSAGES.empty(name),
  });
  const sniffed = sniffMediaType(head)?.[0];
  const type = SUPPORTING_FILE_TYPES.find((one) => one === sniffed);
  if (!type) throw await refuse(FILE_MESSAGES.type(name));
  const path = join('registration', String(companyId), `${randomUUID()}.${EXTENSIONS[type]}`);
  await rename(absolute, absolutePath(ctx, path));
  return { name, path, content_type: type, size };
}

export async function uploadSupportingFile(
  ctx: AppContext,
  companyId: number,
  id: number,
  request: FastifyRequest,
): Promise<SmsSupportingFile> {
  const row = await registrationOf(ctx, companyId, id);
  if (!isEditable(overallStatus(row))) throw invalid({ file: [M.notEditable] });
  if (!request.isMultipart()) throw invalid({ file: [FILE_MESSAGES.oneFile] });
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsRegistrationFiles)
    .where(eq(smsRegistrationFiles.registration_id, row.id));
  if ((count?.n ?? 0) >= SUPPORTING_FILES_MAX * 2) throw invalid({ file: [FILE_MESSAGES.tooMany] });
  let stored: Awaited<ReturnType<typeof store>> | null = null;
  try {
    const parts = multipartParts(request, {
      limits: { files: 1, fileSize: SUPPORTING_FILE_MAX_BYTES, fields: 5, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw invalid({ file: [FILE_MESSAGES.oneFile] });
      }
      stored = await store(ctx, companyId, part);
    }
  } catch (error) {
    if (stored) await removeStoredFiles(ctx, [stored.path]);
    if (hasErrorCode(error, 'FST_FILES_LIMIT')) throw invalid({ file: [FILE_MESSAGES.oneFile] });
    if (hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw invalid({ file: [FILE_MESSAGES.tooLarge('The file')] });
    throw uploadError(error);
  }
  if (!stored) throw invalid({ file: [FILE_MESSAGES.oneFile] });
  const [file] = await ctx.db
    .insert(smsRegistrationFiles)
    .values({
      company_id: companyId,
      registration_id: row.id,
      ...stored,
      created_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .returning();
  if (!file) throw new Error('supporting file insert');
  return {
    id: file.id,
    name: file.name,
    content_type: file.content_type,
    size: file.size,
    url: signSupportingFileUrl(ctx, companyId, file.id),
  };
}
