/** Voice and fax: calls (with a live call's state while it lasts), voicemails, greetings and faxes. */

import type { MissedReason } from '@shared/domain/analytics';
import type { CallAttribution } from '@shared/domain/dni';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companyId, createdAt, refersTo, serialId, timestamps, timestamptz } from './columns';
import { contacts } from './contacts';
import type { LiveCall } from './liveCall';
import { numbers } from './numbers';
import { users } from './users';

/** One §3 transcription segment: who spoke (0 mixed, 1 agent, 2 client), on which channel, what, when. */
export interface TranscriptSegment {
  channel: number;
  speaker: number;
  transcript: string;
  start: number;
  end: number;
}

/**
 * §3 Call: a call to or from a tracked number. The activity feed, the inbox thread (as a 'call' item whose
 * `record_id` is this id) and the calls issues (which write live calls here) all read this table.
 */
export const calls = pgTable(
  'calls',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: refersTo('number_id', () => numbers.id),
    contact_id: refersTo('contact_id', () => contacts.id),
    is_inbound: boolean('is_inbound').notNull().default(true),
    /** E.164 of the caller and of the number called. */
    caller: text('caller').notNull(),
    called: text('called').notNull(),
    /** §3 outcome: none 0, answered 1, missed 2, voicemail 3, blocked 4. */
    outcome: smallint('outcome').notNull().default(0),
    /** §3 qualification: qualified 1, not qualified 2, lead 3. */
    qualification: smallint('qualification'),
    /** §4 call events, in order: `{ status: 1–13, at: ISO time }`. */
    events: jsonb('events').$type<{ status: number; at: string }[]>().notNull().default([]),
    /** Seconds talking (0 when nobody answered). */
    duration: integer('duration').notNull().default(0),
    /** The agent who answered or placed it. */
    user_id: refersTo('user_id', () => users.id),
    extension: smallint('extension'),
    /** Marketing source of the tracked number or visit (e.g. google-ads), and whether the caller is new. */
    source: text('source'),
    first_time: boolean('first_time').notNull().default(false),
    /**
     * Call tracking: the website session that held the called pool number (dni_sessions.id; kept as text with no
     * foreign key, so a session's retention never touches the call), and what the visit came from.
     */
    dni_session_id: text('dni_session_id'),
    attribution: jsonb('attribution').$type<CallAttribution | null>(),
    /** Where the recording is kept, relative to the data folder; null without one. */
    recording_path: text('recording_path'),
    transcription: jsonb('transcription').$type<{
      state: 'loading' | 'complete';
      text: string;
      segments: TranscriptSegment[];
      agent_percent: number;
      client_percent: number;
    } | null>(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    note: text('note'),
    /**
     * The carrier's id of the call (Twilio's CallSid, the sandbox's `SBCA…`): a replayed webhook finds its call
     * by it. Null for the seeded history.
     */
    carrier_sid: text('carrier_sid').unique(),
    /** The carrier's call status (queued → ringing → in-progress → completed/busy/failed/no-answer/canceled). */
    carrier_status: text('carrier_status'),
    /** A call under way: where routing stands, who is ringing, hold and transfer (liveCall.ts). */
    live: jsonb('live').$type<LiveCall | null>(),
    /** Where the carrier keeps the recording when it is not in the data folder (Twilio's RecordingUrl). */
    recording_url: text('recording_url'),
    /**
     * Why an inbound call went unanswered (MISSED_REASONS of shared/domain/analytics.ts), as routing knew it when
     * the call ended: set only on inbound calls closed missed (2) or voicemail (3), null on every other call.
     */
    missed_reason: text('missed_reason').$type<MissedReason>(),
    /**
     * When the call was answered, at its first Connected event (12): an agent in the app or a forwarded-to phone
     * picked up an inbound call (a transfer answered later keeps it), the called party an outbound one; null when
     * nobody did. Average time to answer is measured from `started_at` to it.
     */
    answered_at: timestamptz('answered_at'),
    ended_at: timestamptz('ended_at'),
    started_at: timestamptz('started_at').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('calls_company_started_idx').on(table.company_id, table.started_at),
    // A contact's calls newest first: the contact filter of the activity feed and the contact page's timeline
    // (bench/inbox: the (company, time) index read 24,000 rows to find one contact's first page).
    index('calls_contact_started_idx').on(table.contact_id, table.started_at),
    // A contact claims its number's calls, made or received (contacts/links.ts).
    index('calls_company_caller_idx').on(table.company_id, table.caller),
    index('calls_company_called_idx').on(table.company_id, table.called),
    // The activity feed of one website session (`POST /activity` with dniSessionId) and a session's calls.
    index('calls_dni_session_idx').on(table.dni_session_id).where(sql`${table.dni_session_id} is not null`),
    // Which agents are on a call (every call that arrives asks): only calls an agent took or placed, recent first;
    // with the (company, time) index it read every call of the last 6 hours, ringing or missed ones included.
    index('calls_company_agent_started_idx')
      .on(table.company_id, table.started_at)
      .where(sql`${table.user_id} is not null`),
  ],
);

/** A voicemail left on a tracked number (its call, when there was one, has outcome voicemail 3). */
export const voicemails = pgTable(
  'voicemails',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: refersTo('number_id', () => numbers.id),
    contact_id: refersTo('contact_id', () => contacts.id),
    call_id: refersTo('call_id', () => calls.id),
    caller: text('caller').notNull(),
    duration: integer('duration').notNull().default(0),
    recording_path: text('recording_path'),
    /** Where the carrier keeps the recording when it is not in the data folder (Twilio's RecordingUrl). */
    recording_url: text('recording_url'),
    transcription: text('transcription'),
    listened_at: timestamptz('listened_at'),
    created_at: createdAt(),
  },
  (table) => [
    index('voicemails_company_created_idx').on(table.company_id, table.created_at),
    index('voicemails_company_caller_idx').on(table.company_id, table.caller),
    // A contact's voicemails newest first (the feed's contact filter; a sequential scan without it).
    index('voicemails_contact_created_idx').on(table.contact_id, table.created_at),
  ],
);

/**
 * §3 Greeting "id, content, voice, uploaded file" of a company (§7 Greetings): an uploaded audio file, or text
 * spoken by a voice (rendered to audio by text-to-speech when it is saved, where espeak-ng is installed).
 */
export const greetings = pgTable(
  'greetings',
  {
    id: serialId(),
    company_id: companyId(),
    name: text('name').notNull().default(''),
    /** The text spoken (a text greeting), else null. */
    content: text('content'),
    /** The text-to-speech voice of a text greeting. */
    voice: text('voice'),
    /** The audio, relative to the data folder (uploaded, or rendered from the text). */
    file_path: text('file_path'),
    content_type: text('content_type'),
    size: integer('size').notNull().default(0),
    created_by: refersTo('created_by', () => users.id),
    ...timestamps(),
  },
  (table) => [index('greetings_company_idx').on(table.company_id)],
);

/** A fax sent or received on a fax number (§3 number type 3). */
export const faxes = pgTable(
  'faxes',
  {
    id: serialId(),
    company_id: companyId(),
    number_id: refersTo('number_id', () => numbers.id),
    contact_id: refersTo('contact_id', () => contacts.id),
    is_inbound: boolean('is_inbound').notNull().default(true),
    remote: text('remote').notNull(),
    pages: integer('pages').notNull().default(1),
    /** queued, sending, delivered, failed, received. */
    status: text('status').notNull(),
    file_path: text('file_path'),
    created_at: createdAt(),
  },
  (table) => [
    index('faxes_company_created_idx').on(table.company_id, table.created_at),
    index('faxes_company_remote_idx').on(table.company_id, table.remote),
    // A contact's faxes newest first (the feed's contact filter; a sequential scan without it).
    index('faxes_contact_created_idx').on(table.contact_id, table.created_at),
  ],
);
