/**
 * A port request's form (multipart, or JSON without files): its fields, and its documents — a `bill` and an
 * `loa` file — streamed straight to `<dataDir>/media/<companyId>/<uuid>` like every other stored media (never
 * buffered whole). Each must be declared PDF, PNG or JPEG, be at most PORT_DOCUMENT_MAX_BYTES, not be empty, and
 * its first bytes must say the same type. A refusal answers 422 on the file's field (`bill` or `loa`) and
 * every file this request wrote is removed again.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { MediaType } from '@shared/api/messaging';
import {
  PORT_DOCUMENT_MAX_BYTES,
  PORT_DOCUMENT_MESSAGES,
  PORT_DOCUMENT_TYPES,
  type PortDocumentKind,
} from '@shared/domain/ports';
import type { FastifyRequest } from 'fastify';
import type { StoredPortDocument } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import {
  type FilePart,
  hasErrorCode,
  multipartParts,
  receiveFilePart,
  uploadError,
} from '../../lib/multipart';
import { mediaPath, removeMedia, sniffMediaType } from '../messaging/upload';

export interface PortForm {
  fields: Record<string, unknown>;
  documents: StoredPortDocument[];
}

const KINDS: ReadonlySet<string> = new Set<PortDocumentKind>(['bill', 'loa']);
const ALLOWED: ReadonlySet<string> = new Set(PORT_DOCUMENT_TYPES);

async function storeDocument(
  ctx: AppContext,
  companyId: number,
  kind: PortDocumentKind,
  part: FilePart,
): Promise<StoredPortDocument> {
  const name = part.filename || (kind === 'bill' ? 'bill' : 'letter of authorisation');
  const declared = part.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ALLOWED.has(declared)) {
    part.file.resume();
    throw invalid({ [kind]: [PORT_DOCUMENT_MESSAGES.type(name)] });
  }
  const relative = join('media', String(companyId), randomUUID());
  const { size, head, refuse } = await receiveFilePart(part, mediaPath(ctx, relative), {
    field: kind,
    tooLarge: PORT_DOCUMENT_MESSAGES.tooLarge(name),
    empty: PORT_DOCUMENT_MESSAGES.empty(name),
  });
  const sniffed = sniffMediaType(head);
  if (!sniffed?.includes(declared as MediaType))
    throw await refuse(PORT_DOCUMENT_MESSAGES.mismatch(name, declared));
  return {
    kind,
    path: relative,
    content_type: declared,
    size,
    name: name.slice(0, 200),
    uploaded_at: ctx.now().toISOString(),
  };
}

/**
 * The form's fields and its stored documents (a second file of the same kind replaces the first, whose file is
 * removed). Other file parts are read past. On any refusal every file this request wrote is removed.
 */
export async function readPortForm(
  ctx: AppContext,
  companyId: number,
  request: FastifyRequest,
): Promise<PortForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? { ...(body as object) } : {}, documents: [] };
  }
  const fields: Record<string, unknown> = {};
  const documents: StoredPortDocument[] = [];
  try {
    const parts = multipartParts(request, {
      limits: { files: 2, fileSize: PORT_DOCUMENT_MAX_BYTES, fields: 20, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (!KINDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const kind = part.fieldname as PortDocumentKind;
      const stored = await storeDocument(ctx, companyId, kind, part);
      const earlier = documents.findIndex((document) => document.kind === kind);
      if (earlier >= 0) await removeMedia(ctx, documents.splice(earlier, 1));
      documents.push(stored);
    }
  } catch (error) {
    await removeMedia(ctx, documents);
    if (hasErrorCode(error, 'FST_FILES_LIMIT'))
      throw invalid({ loa: ['Attach one bill and one letter of authorisation at most.'] });
    if (hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw invalid({ loa: [PORT_DOCUMENT_MESSAGES.tooLarge('A file')] });
    throw uploadError(error);
  }
  return { fields, documents };
}
