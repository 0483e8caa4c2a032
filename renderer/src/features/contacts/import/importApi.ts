/**
 * The import's server calls (§7): preview a file, import it (with upload progress), follow a batch, fetch its
 * bad-rows report. The contract marks the uploads multipart: the client sends their fields as FormData.
 */
import { CONTACT_ENDPOINTS, type ImportBatch, type ImportPreview } from '@shared/api/contacts';
import { CUSTOM_FIELD_ENDPOINTS, type CustomField } from '@shared/api/customFields';
import { type ContactGroup, GROUP_ENDPOINTS } from '@shared/api/groups';
import type { ContactColumnMapping } from '@shared/domain/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { ApiError, api } from '../../../api';
import { CSV_ANSWER } from '../../../ui/download';
import { importFields, previewFields } from './importModel';

/** Query keys, by data tag (api/keys.ts): contacts' custom fields and the company's groups. */
export const importKeys = {
  customFields: (companyId: number) => ['EavAttributes', 'list', companyId, CONTACT_ENTITY_TYPE] as const,
  groups: (companyId: number) => ['ContactGroup', 'list', companyId, { search: '' }] as const,
  batch: (companyId: number, batchId: number) => ['Batch', 'contact-import', companyId, batchId] as const,
};

export async function fetchContactCustomFields(companyId: number): Promise<CustomField[]> {
  return api.call(
    CUSTOM_FIELD_ENDPOINTS.list,
    { query: { companyId, entityType: CONTACT_ENTITY_TYPE } },
    { silent: true },
  );
}

export async function fetchGroups(companyId: number): Promise<ContactGroup[]> {
  return api.call(GROUP_ENDPOINTS.list, { query: { companyId } }, { silent: true });
}

export async function previewFile(companyId: number, file: File): Promise<ImportPreview> {
  return api.call(
    CONTACT_ENDPOINTS.importPreview,
    { params: { companyId }, body: previewFields(file) },
    { silent: true },
  );
}

export async function startImport(
  companyId: number,
  file: File,
  mapping: ContactColumnMapping,
  groups: readonly number[],
  onUpload: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportBatch> {
  return api.call(
    CONTACT_ENDPOINTS.import,
    { params: { companyId }, body: importFields(file, mapping, groups) },
    { signal, silent: true, onUploadProgress: onUpload },
  );
}

export async function fetchBatch(companyId: number, batchId: number): Promise<ImportBatch> {
  return api.call(CONTACT_ENDPOINTS.importProgress, { params: { companyId, batchId } }, { silent: true });
}

export async function fetchReport(companyId: number, batchId: number): Promise<string> {
  return api.call(
    CONTACT_ENDPOINTS.importReport,
    { params: { companyId, batchId } },
    { ...CSV_ANSWER, silent: true },
  );
}

/** The message to show for a failed call: the field's own message (the file's, first), else the message. */
export function failureText(error: unknown, field = 'file'): string {
  if (error instanceof ApiError) {
    const own = error.field(field);
    if (own) return own;
    for (const messages of Object.values(error.errors)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string' && messages[0]) return messages[0];
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
