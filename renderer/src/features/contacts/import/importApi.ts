/**
 * The import's server calls (§7): preview a file, import it (with upload progress), follow a batch, fetch its
 * bad-rows report. Multipart bodies go as FormData; the client's JSON content type is replaced so the browser
 * writes the multipart boundary itself.
 */
import type { ImportBatch, ImportPreview } from '@shared/api/contacts';
import type { CustomField } from '@shared/api/customFields';
import type { ContactGroup } from '@shared/api/groups';
import type { ContactColumnMapping } from '@shared/domain/contacts';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import { ApiError, api } from '../../../api';
import { importFormData, previewFormData } from './importModel';

const MULTIPART = { 'Content-Type': 'multipart/form-data' };

/** Query keys, by data tag (api/keys.ts): contacts' custom fields and the company's groups. */
export const importKeys = {
  customFields: (companyId: number) => ['EavAttributes', 'list', companyId, CONTACT_ENTITY_TYPE] as const,
  groups: (companyId: number) => ['ContactGroup', 'list', companyId, { search: '' }] as const,
  batch: (companyId: number, batchId: number) => ['Batch', 'contact-import', companyId, batchId] as const,
};

export async function fetchContactCustomFields(companyId: number): Promise<CustomField[]> {
  return (
    await api.get<CustomField[]>('/eavAttributes', {
      params: { companyId, entityType: CONTACT_ENTITY_TYPE },
      silent: true,
    })
  ).data;
}

export async function fetchGroups(companyId: number): Promise<ContactGroup[]> {
  return (await api.get<ContactGroup[]>('/groups', { params: { companyId }, silent: true })).data;
}

export async function previewFile(companyId: number, file: File): Promise<ImportPreview> {
  return (
    await api.post<ImportPreview>(`/companies/${companyId}/contacts/preview`, previewFormData(file), {
      headers: MULTIPART,
      silent: true,
    })
  ).data;
}

export async function startImport(
  companyId: number,
  file: File,
  mapping: ContactColumnMapping,
  groups: readonly number[],
  onUpload: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportBatch> {
  return (
    await api.put<ImportBatch>(`/companies/${companyId}/contacts`, importFormData(file, mapping, groups), {
      headers: MULTIPART,
      signal,
      silent: true,
      onUploadProgress: onUpload,
    })
  ).data;
}

export async function fetchBatch(companyId: number, batchId: number): Promise<ImportBatch> {
  return (
    await api.get<ImportBatch>(`/companies/${companyId}/contacts/progress/${batchId}`, { silent: true })
  ).data;
}

export async function fetchReport(companyId: number, batchId: number): Promise<string> {
  return (
    await api.get<string>(`/companies/${companyId}/contacts/progress/${batchId}/report`, {
      responseType: 'text',
      headers: { Accept: 'text/csv, application/json' },
      silent: true,
    })
  ).data;
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
