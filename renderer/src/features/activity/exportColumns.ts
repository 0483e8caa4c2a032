/**
 * What an export dialog offers: the kinds (named as their endpoints are) and, for each, its columns
 * (`EXPORT_COLUMNS`, in CSV order) with the words a person chooses them by. The CSV's header keeps the API names.
 */
import { EXPORT_COLUMNS, type ExportKind } from '@shared/api/activity';

export const EXPORT_KIND_LABELS: Readonly<Record<ExportKind, string>> = Object.freeze({
  calls: 'Calls',
  voicemails: 'Voicemails',
  messages: 'Messages',
  fax: 'Faxes',
});

/** Dialog order, as the feed's kinds are offered. */
export const EXPORT_KINDS: readonly ExportKind[] = ['calls', 'voicemails', 'messages', 'fax'];

const COLUMN_LABELS: Readonly<Record<string, string>> = Object.freeze({
  started_at: 'Started at',
  at: 'Time',
  direction: 'Direction',
  caller: 'Caller',
  called: 'Called number',
  remote: 'Other party',
  number: 'Tracked number',
  number_label: 'Tracked number label',
  contact: 'Contact',
  outcome: 'Outcome',
  duration: 'Duration (seconds)',
  qualification: 'Qualification',
  source: 'Source',
  first_time: 'First-time caller',
  agent: 'Agent',
  tags: 'Tags',
  note: 'Note',
  text: 'Text',
  status: 'Status',
  pages: 'Pages',
  transcription: 'Transcription',
});

export function columnLabel(column: string): string {
  return COLUMN_LABELS[column] ?? column;
}

export function columnsOf(kind: ExportKind): readonly string[] {
  return EXPORT_COLUMNS[kind];
}

/** The chosen columns in the CSV's order, whatever order they were ticked in; unknown names are dropped. */
export function orderedColumns(kind: ExportKind, chosen: readonly string[]): string[] {
  return columnsOf(kind).filter((column) => chosen.includes(column));
}
