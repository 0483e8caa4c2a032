/**
 * The volume bench/analytics.ts measures, written after the demo seed: Demo Motors' calls over the two years before
 * now, shaped like a busy tracked account's — three in four inbound, every outcome, agents on the answered ones, a
 * source on most, a website visit (keyword, campaign, landing page) on a third, the routing engine's missed reason
 * on the unanswered, and the answer time on the answered. Set-based SQL (INSERT … SELECT over generate_series) in
 * chunks PGlite copes with; deterministic: a multiplicative hash of the row number spreads the times.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';
import type { DemoIds } from '../../server/src/seed/demo';

/** Rows per INSERT … SELECT: small enough for PGlite's memory, large enough that statements are few. */
const CHUNK = 25_000;
/** Calls are spread over the 729 days before now, inside the §9 two-year search window. */
const SPREAD_SECONDS = 729 * 86_400;

/**
 * Writes `count` calls for Demo Motors before `now`, on its voice numbers, the answered ones taken by `agents` in
 * turn.
 */
export async function writeCalls(
  db: Db,
  ids: DemoIds,
  agents: readonly number[],
  { count, now }: { count: number; now: Date },
): Promise<void> {
  const company = ids.companies.demoMotors;
  const lines = (await db.execute(
    sql`select id, number from numbers where company_id = ${company} and id <> ${ids.faxNumber} order by id`,
  )) as unknown as { rows: { id: number; number: string }[] };
  const lineIds = sql`(${`{${lines.rows.map((line) => line.id).join(',')}}`}::int[])`;
  const lineNumbers = sql`(${`{${lines.rows.map((line) => line.number).join(',')}}`}::text[])`;
  const agentIds = sql`(${`{${agents.join(',')}}`}::int[])`;
  const lineCount = lines.rows.length;

  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.execute(sql`
      insert into calls (company_id, number_id, is_inbound, caller, called, outcome, qualification, duration,
        user_id, source, first_time, attribution, missed_reason, answered_at, tags, started_at, created_at,
        updated_at)
      select ${company}, ${lineIds}[1 + i % ${lineCount}], i % 4 <> 0,
        '+1646' || lpad((2000000 + i % 400000)::text, 7, '0'), ${lineNumbers}[1 + i % ${lineCount}],
        o.outcome,
        case when o.outcome = 1 then (array[null, null, 1, 2, 3]::smallint[])[1 + i % 5] end,
        case when o.outcome = 1 then 5 + ((i::bigint * 7919) % 900)::int else 0 end,
        case when o.outcome = 1 then ${agentIds}[1 + i % ${agents.length}] end,
        (array['Google Ads', 'Facebook', 'Google Organic', 'Website', 'Radio', null])[1 + i % 6],
        i % 5 = 0,
        case when i % 3 = 0 then jsonb_build_object(
          'source', 'google', 'medium', 'cpc',
          'campaign', (array['Spring sale', 'Service specials', 'Trade-in week'])[1 + i % 3],
          'keyword', (array['used cars', 'oil change', 'trade in value', 'honda dealer', 'suv lease'])[1 + i % 5],
          'content', null,
          'landing_page', 'https://demomotors.example/' || (array['', 'service', 'inventory', 'trade'])[1 + i % 4],
          'referrer', null, 'click_ids', '{}'::jsonb, 'source_id', null,
          'source_name', 'Google Ads', 'pool_id', null, 'path', '[]'::jsonb) end,
        case when i % 4 <> 0 and o.outcome in (2, 3) then
          (array['out_of_hours', 'no_agent_available', 'not_answered', 'menu_abandoned', 'short_abandon'])[1 + i % 5]
        end,
        case when o.outcome = 1 then t.at + make_interval(secs => (3 + i % 40)::float8) end,
        case when i % 7 = 0 then '["new lead"]'::jsonb else '[]'::jsonb end,
        t.at, t.at, t.at
      from generate_series(${from}::int, ${to}::int) i
      cross join lateral (select (array[1, 1, 1, 1, 1, 1, 2, 2, 3, 4])[1 + i % 10]::smallint as outcome) o
      cross join lateral (select ${now.toISOString()}::timestamptz
        - make_interval(secs => ((i::bigint * 2654435761) % ${SPREAD_SECONDS})::float8) as at) t`);
  }
}
