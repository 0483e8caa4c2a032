/** The §3 Call JSON from a calls row, and a short tone WAV for the demo's recordings (the seed writes no files). */
import type { Call } from '@shared/api/activity';
import { MISSED_REASONS } from '@shared/domain/analytics';
import { CALL_EVENT_STATUSES, CALL_OUTCOMES } from '@shared/domain/calls';
import { labelOf } from '@shared/domain/codes';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calls, contacts, numbers, users } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { readValues } from '../customFields/values';
import { signRecordingUrl } from '../media/urls';

/** §3 custom-field entity type of calls. */
export const CALL_ENTITY_TYPE = 6;

type CallRow = typeof calls.$inferSelect;

export async function callViews(ctx: AppContext, db: Db, rows: CallRow[]): Promise<Call[]> {
  if (!rows.length) return [];
  const numberIds = [...new Set(rows.flatMap((row) => (row.number_id ? [row.number_id] : [])))];
  const contactIds = [...new Set(rows.flatMap((row) => (row.contact_id ? [row.contact_id] : [])))];
  const userIds = [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
  const [numberRows, contactRows, userRows, values] = await Promise.all([
    numberIds.length
      ? db
          .select({ id: numbers.id, number: numbers.number, label: numbers.label })
          .from(numbers)
          .where(inArray(numbers.id, numberIds))
      : [],
    contactIds.length
      ? db
          .select({ id: contacts.id, name: contacts.name })
          .from(contacts)
          .where(inArray(contacts.id, contactIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
      : [],
    readValues(
      db,
      CALL_ENTITY_TYPE,
      rows.map((row) => row.id),
    ),
  ]);
  const numberById = new Map(numberRows.map((row) => [row.id, row]));
  const contactById = new Map(contactRows.map((row) => [row.id, row]));
  const userById = new Map(userRows.map((row) => [row.id, row]));
  return rows.map((row) => ({
    id: row.id,
    company_id: row.company_id,
    isInbound: row.is_inbound,
    caller: row.caller,
    called: row.called,
    number: (row.number_id && numberById.get(row.number_id)) || null,
    contact: (row.contact_id && contactById.get(row.contact_id)) || null,
    outcome: row.outcome,
    outcome_label: labelOf(CALL_OUTCOMES, row.outcome as never),
    missed_reason: row.missed_reason,
    missed_reason_label: row.missed_reason ? labelOf(MISSED_REASONS, row.missed_reason) : null,
    qualification: row.qualification,
    events: row.events.map((event) => ({
      status: event.status,
      label: labelOf(CALL_EVENT_STATUSES, event.status as never),
      at: event.at,
    })),
    duration: row.duration,
    recording_url: row.recording_path
      ? signRecordingUrl(ctx, { companyId: row.company_id, kind: 'call', id: row.id })
      : null,
    transcription: row.transcription
      ? {
          id: row.id,
          state: row.transcription.state,
          text: row.transcription.text,
          metadata: { segments: row.transcription.segments.length },
          statistics: { agent: row.transcription.agent_percent, client: row.transcription.client_percent },
          raw: row.transcription.segments,
        }
      : null,
    tags: row.tags,
    note: row.note,
    source: row.source,
    first_time: row.first_time,
    dni_session_id: row.dni_session_id,
    attribution: row.attribution,
    extension: row.extension,
    user: (row.user_id && userById.get(row.user_id)) || null,
    started_at: row.started_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
    eavAttributeValues: values.get(row.id) ?? [],
  }));
}

export async function callView(ctx: AppContext, id: number): Promise<Call | null> {
  const rows = await ctx.db.select().from(calls).where(eq(calls.id, id));
  const [view] = await callViews(ctx, ctx.db, rows);
  return view ?? null;
}

/** A mono 8 kHz 16-bit WAV of a soft tone, `seconds` long (capped), pitched by `seed`: the demo recordings. */
export function demoWav(seconds: number, seed: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * Math.min(Math.max(seconds, 1), 5));
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  const frequency = 330 + (seed % 5) * 55;
  for (let i = 0; i < samples; i++) {
    const value = Math.sin((2 * Math.PI * frequency * i) / rate) * 0.2 * 32767;
    buffer.writeInt16LE(Math.round(value), 44 + i * 2);
  }
  return buffer;
}
