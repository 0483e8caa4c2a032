/**
 * The volume bench/inbox.ts measures, written after the demo seed: Demo Motors' conversations with outside parties
 * of its own, and its activity over the two-year search window (calls, messages in those conversations,
 * voicemails, faxes). Set-based SQL (INSERT … SELECT over generate_series) in chunks PGlite copes with;
 * deterministic: a multiplicative hash of the row number spreads the times, and row numbers are global across the
 * four kinds, so no two kinds share a time pattern.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import type { DemoIds } from '../../server/src/seed/demo';

/** Rows per INSERT … SELECT: small enough for PGlite's memory, large enough that statements are few. */
const CHUNK = 25_000;
/** Rows are spread over the 729 days before now, inside the feed's two-year window. */
const SPREAD_SECONDS = 729 * 86_400;
/** Outside parties: area codes the demo seed does not use; conversations and callers share the pool. */
const AREAS = ['646', '206', '503', '617', '212', '213', '404', '702', '808', '919', '971', '415'];

export interface ActivityMix {
  calls: number;
  messages: number;
  voicemails: number;
  faxes: number;
}

/** `rows` of activity as the feed sees a busy company's: half calls, a third messages, voicemails, faxes. */
export function activityMix(rows: number): ActivityMix {
  const calls = Math.round(rows * 0.5);
  const voicemails = Math.round(rows * 0.1);
  const faxes = Math.round(rows * 0.05);
  return { calls, messages: rows - calls - voicemails - faxes, voicemails, faxes };
}

/**
 * Writes `conversationCount` conversations on Demo Motors' text lines (a fifth assigned to `agent`, a seventh
 * unread) and the activity of `mix`, all before `now`; then sets each conversation's `last_item_at` to its newest
 * message, as the app keeps it.
 */
export async function writeVolume(
  db: Db,
  ids: DemoIds,
  agent: number,
  { conversationCount, mix, now }: { conversationCount: number; mix: ActivityMix; now: Date },
): Promise<void> {
  const activityRows = mix.calls + mix.messages + mix.voicemails + mix.faxes;
  const company = ids.companies.demoMotors;
  const lines = (await db.execute(
    sql`select id, number from numbers where company_id = ${company} and id <> ${ids.faxNumber} order by id`,
  )) as unknown as { rows: { id: number; number: string }[] };
  const lineIds = intArray(lines.rows.map((line) => line.id));
  const lineNumbers = textArray(lines.rows.map((line) => line.number));
  const areas = textArray(AREAS);
  const at = (row: SQL) =>
    sql`(${now.toISOString()}::timestamptz - make_interval(secs => ((${row})::bigint * 2654435761 % ${SPREAD_SECONDS})::float8))`;
  const party = (k: SQL) =>
    sql`'+1' || ${areas}[1 + (${k}) % ${AREAS.length}] || lpad((2000000 + (${k}))::text, 7, '0')`;

  const [first] = (
    (await db.execute(sql`select coalesce(max(id), 0) + 1 as id from conversations`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  await inChunks(conversationCount, (from, to) =>
    db.execute(sql`
      insert into conversations (company_id, number_id, recipient, unread_count, assigned_user_id, last_item_at,
        created_at, updated_at)
      select ${company}, ${lineIds}[1 + i % ${lines.rows.length}], ${party(sql`i`)},
        case when i % 7 = 0 then 1 + i % 3 else 0 end, case when i % 5 = 0 then ${agent}::int end,
        ${at(sql`${activityRows} + i`)}, ${at(sql`${activityRows} + i`)}, ${at(sql`${activityRows} + i`)}
      from generate_series(${from}::int, ${to}::int) i`),
  );
  const firstId = Number(first?.id);
  const [range] = (
    (await db.execute(
      sql`select count(*)::int as n, min(id) as lo, max(id) as hi from conversations where id >= ${firstId}`,
    )) as unknown as { rows: { n: number; lo: number; hi: number }[] }
  ).rows;
  // Messages are assigned to conversations by id arithmetic, which needs the ids to be one unbroken run.
  if (
    range?.n !== conversationCount ||
    range.hi - range.lo + 1 !== conversationCount ||
    range.lo !== firstId
  ) {
    throw new Error(`the bench's conversations did not get consecutive ids: ${JSON.stringify(range)}`);
  }

  await inChunks(mix.calls, (from, to) =>
    db.execute(sql`
      with seeded as (select coalesce(array_agg(id order by id), '{}') as ids from contacts where company_id = ${company})
      insert into calls (company_id, number_id, contact_id, is_inbound, caller, called, outcome, duration, user_id,
        source, recording_path, started_at, created_at, updated_at)
      select ${company}, ${lineIds}[1 + i % ${lines.rows.length}],
        case when i % 3 = 0 and cardinality(s.ids) > 0 then s.ids[1 + i % cardinality(s.ids)] end,
        i % 4 <> 0,
        case when i % 4 <> 0 then ${party(sql`i % ${conversationCount}`)} else ${lineNumbers}[1 + i % ${lines.rows.length}] end,
        case when i % 4 <> 0 then ${lineNumbers}[1 + i % ${lines.rows.length}] else ${party(sql`i % ${conversationCount}`)} end,
        (array[1, 1, 1, 1, 1, 1, 2, 2, 3, 0])[1 + i % 10],
        case when i % 10 < 6 then 20 + i % 900 else 0 end,
        case when i % 10 < 6 then ${agent}::int end,
        (array['google-ads', 'website', 'radio', null])[1 + i % 4],
        case when i % 10 < 6 and i % 2 = 0 then 'demo/bench-call-' || i || '.wav' end,
        ${at(sql`i`)}, ${at(sql`i`)}, ${at(sql`i`)}
      from generate_series(${from}::int, ${to}::int) i, seeded s`),
  );
  await inChunks(mix.messages, (from, to) =>
    db.execute(sql`
      insert into conversation_items (company_id, conversation_id, kind, is_inbound, user_id, content,
        delivery_state, created_at, updated_at)
      select ${company}, ${firstId} + i % ${conversationCount}, 'message', (i / ${conversationCount}) % 2 = 0,
        case when (i / ${conversationCount}) % 2 = 1 then ${agent}::int end,
        (array['Is the blue hatchback still available?', 'Can I move my service appointment to Friday?',
          'Thanks, see you at 3 pm.', 'What would you give me for my 2016 Accord?',
          'Your car is ready for pick-up.'])[1 + i % 5] || ' (#' || i || ')',
        case when (i / ${conversationCount}) % 2 = 0 then 'received' else 'delivered' end,
        ${at(sql`${mix.calls} + i`)}, ${at(sql`${mix.calls} + i`)}
      from generate_series(${from}::int, ${to}::int) i`),
  );
  await inChunks(mix.voicemails, (from, to) =>
    db.execute(sql`
      insert into voicemails (company_id, number_id, caller, duration, recording_path, transcription, created_at)
      select ${company}, ${lineIds}[1 + i % ${lines.rows.length}], ${party(sql`i % ${conversationCount}`)},
        10 + i % 50, 'demo/bench-voicemail-' || i || '.wav',
        'Hi, please call me back about the car when you can. (#' || i || ')',
        ${at(sql`${mix.calls + mix.messages} + i`)}
      from generate_series(${from}::int, ${to}::int) i`),
  );
  await inChunks(mix.faxes, (from, to) =>
    db.execute(sql`
      insert into faxes (company_id, number_id, is_inbound, remote, pages, status, created_at)
      select ${company}, ${ids.faxNumber}, i % 3 <> 0, ${party(sql`i % ${conversationCount}`)}, 1 + i % 5,
        case when i % 3 <> 0 then 'received' else (array['delivered', 'delivered', 'failed'])[1 + i % 3] end,
        ${at(sql`${mix.calls + mix.messages + mix.voicemails} + i`)}
      from generate_series(${from}::int, ${to}::int) i`),
  );
  // The inbox is ordered by each conversation's newest item, as addItem keeps it.
  await db.execute(sql`
    update conversations c set last_item_at = m.at, updated_at = m.at
    from (select conversation_id, max(created_at) as at from conversation_items
          where conversation_id >= ${firstId} group by conversation_id) m
    where c.id = m.conversation_id`);
}

function intArray(values: number[]): SQL {
  return sql`(${`{${values.join(',')}}`}::int[])`;
}

function textArray(values: string[]): SQL {
  return sql`(${`{${values.join(',')}}`}::text[])`;
}

async function inChunks(total: number, write: (from: number, to: number) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < total; from += CHUNK) await write(from, Math.min(from + CHUNK, total) - 1);
}
