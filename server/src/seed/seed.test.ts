/**
 * The demo seed writes only valid phone numbers: every number column it fills is E.164 that `normalizePhone`
 * (libphonenumber, full validity) answers unchanged, so the screens format all of them. And no seeded call
 * claims work in progress: its history is days old, so a transcription is complete or there is none.
 */

import { MISSED_REASONS, SHORT_ABANDON_SECONDS } from '@shared/domain/analytics';
import {
  type CallAttribution,
  classifyVisit,
  SOURCE_PRESETS,
  type VisitAttribution,
} from '@shared/domain/dni';
import { normalizePhone } from '@shared/domain/phone';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';

vi.setConfig({ hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function distinct(query: SQL): Promise<string[]> {
  const result = (await t.ctx.db.execute(query)) as unknown as { rows: { value: string }[] };
  return result.rows.map((row) => row.value);
}

describe('demo seed phone numbers', () => {
  it.each([
    ['contacts.number', sql`select distinct number as value from contacts`],
    ['conversations.recipient', sql`select distinct recipient as value from conversations`],
    ['calls.caller', sql`select distinct caller as value from calls`],
    ['calls.called', sql`select distinct called as value from calls`],
    ['voicemails.caller', sql`select distinct caller as value from voicemails`],
    ['faxes.remote', sql`select distinct remote as value from faxes`],
    ['numbers.number', sql`select distinct number as value from numbers`],
  ])('%s is valid E.164 throughout', async (_column, query) => {
    const values = await distinct(query);
    expect(values.length).toBeGreaterThan(0);
    const invalid = values.filter((value) => normalizePhone(value) !== value);
    expect(invalid).toEqual([]);
  });
});

describe('demo seed call transcriptions', () => {
  it('none is still transcribing: each is complete, or the call has none', async () => {
    const states = await distinct(
      sql`select distinct coalesce(transcription->>'state', 'none') as value from calls order by value`,
    );
    expect(states).toEqual(['complete', 'none']);
  });

  it('a complete one carries its transcript', async () => {
    const withoutText = await distinct(
      sql`select id::text as value from calls
          where transcription->>'state' = 'complete' and coalesce(transcription->>'text', '') = ''`,
    );
    expect(withoutText).toEqual([]);
  });
});

/**
 * Issue 22: the seeded history says why its unanswered inbound calls were missed (as routing records it on live
 * calls) and when its answered ones were picked up, so the dashboard's "why missed" and time to answer are real.
 */
describe('demo seed missed reasons and answer times', () => {
  it('every unanswered inbound call (missed 2, voicemail 3) has a reason of MISSED_REASONS; no other call has one', async () => {
    const known = MISSED_REASONS.map((reason) => reason.value);
    const wrong = await distinct(
      sql`select id::text as value from calls
          where (is_inbound and outcome in (2, 3)) <> (missed_reason is not null)
             or (missed_reason is not null and missed_reason not in (${sql.join(
               known.map((reason) => sql`${reason}`),
               sql`, `,
             )}))`,
    );
    expect(wrong).toEqual([]);
  });

  it('shows every reason, with a voicemail never a short abandon', async () => {
    const reasons = await distinct(
      sql`select distinct missed_reason as value from calls where missed_reason is not null order by value`,
    );
    expect(reasons).toEqual(MISSED_REASONS.map((reason) => reason.value).sort());
    const shortVoicemails = await distinct(
      sql`select id::text as value from calls where outcome = 3 and missed_reason = 'short_abandon'`,
    );
    expect(shortVoicemails).toEqual([]);
  });

  it('a short abandon hung up within SHORT_ABANDON_SECONDS; every other missed call later', async () => {
    const { rows } = (await t.ctx.db.execute(
      sql`select missed_reason, max(extract(epoch from ((events->-1->>'at')::timestamptz - started_at)))::float as longest,
            min(extract(epoch from ((events->-1->>'at')::timestamptz - started_at)))::float as shortest
          from calls where outcome = 2 and is_inbound group by missed_reason`,
    )) as unknown as { rows: { missed_reason: string; longest: number; shortest: number }[] };
    // Every reason has missed calls (a hang-up), short abandons included.
    expect(rows).toHaveLength(MISSED_REASONS.length);
    for (const row of rows) {
      if (row.missed_reason === 'short_abandon') expect(row.longest).toBeLessThan(SHORT_ABANDON_SECONDS);
      else expect(row.shortest, row.missed_reason).toBeGreaterThanOrEqual(SHORT_ABANDON_SECONDS);
    }
  });

  it('an answered call was picked up a few to ~30 s after it started, at its Connected event; no other was', async () => {
    const wrong = await distinct(
      sql`select id::text as value from calls
          where (outcome = 1) <> (answered_at is not null)
             or answered_at < started_at + interval '3 seconds'
             or answered_at > started_at + interval '30 seconds'
             or answered_at <> (select (event->>'at')::timestamptz from jsonb_array_elements(events) event
                                 where (event->>'status')::int = 12 limit 1)`,
    );
    expect(wrong).toEqual([]);
  });
});

/**
 * Issue 21: "The seed gives Demo Motors two pools (Google Ads, Facebook) with months of sessions and attributed
 * calls" (seed/dni.ts).
 */
describe('demo seed call tracking', () => {
  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('gives Demo Motors the Google Ads and Facebook sources and a session pool for each', async () => {
    const motors = t.ids.companies.demoMotors;
    const sources = await rows<{ name: string; conditions: unknown }>(
      sql`select name, conditions from dni_sources where company_id = ${motors} order by id`,
    );
    expect(sources).toEqual(
      SOURCE_PRESETS.slice(0, 2).map((preset) => ({ name: preset.name, conditions: preset.conditions })),
    );
    const pools = await rows<{
      name: string;
      type: string;
      numbers: number;
      target_numbers: string[];
      lease_minutes: number;
      cooldown_minutes: number;
      fallback: string;
    }>(
      sql`select p.name, p.type, p.target_numbers, p.lease_minutes, p.cooldown_minutes, f.number as fallback,
            (select count(*)::int from dni_pool_numbers pn where pn.pool_id = p.id) as numbers
          from dni_pools p join numbers f on f.id = p.fallback_number_id where p.company_id = ${motors} order by p.id`,
    );
    const shape = {
      type: 'session',
      target_numbers: ['+13125550100'],
      lease_minutes: 30,
      cooldown_minutes: 10,
    };
    expect(pools).toEqual([
      { name: 'Google Ads', numbers: 6, fallback: '+13125550100', ...shape },
      { name: 'Facebook', numbers: 4, fallback: '+13125550100', ...shape },
    ]);
    expect(t.ids.dni.poolNumbers.googleAds).toHaveLength(6);
  });

  it('has months of sessions, each read from its landing page and referrer as classifyVisit reads it', async () => {
    const [span] = await rows<{ sessions: number; days: number }>(
      sql`select count(*)::int as sessions,
            extract(day from max(started_at) - min(started_at))::int as days from dni_sessions`,
    );
    expect(span?.sessions).toBeGreaterThan(1000);
    expect(span?.sessions).toBeLessThan(4000);
    expect(span?.days).toBeGreaterThanOrEqual(110);
    const sample = await rows<{ attribution: VisitAttribution }>(
      sql`select attribution from dni_sessions order by id limit 200`,
    );
    for (const { attribution } of sample) {
      expect(classifyVisit({ landingUrl: attribution.landing_page, referrer: attribution.referrer })).toEqual(
        attribution,
      );
    }
    const keywords = await distinct(
      sql`select distinct attribution->>'keyword' as value from dni_sessions where attribution->>'keyword' is not null`,
    );
    expect(keywords).toContain('used honda civic chicago');
  });

  it('never lends one number to two visitors at once (lease plus cool-down)', async () => {
    const overlaps = await rows<{ a: string }>(
      sql`select a.id as a from dni_sessions a join dni_sessions b on a.number_id = b.number_id and a.id < b.id
          where not a.fallback and not b.fallback
            and a.started_at < b.hold_until and b.started_at < a.hold_until limit 5`,
    );
    expect(overlaps).toEqual([]);
    const [usage] = await rows<{ hot: number; rows: number }>(
      sql`select count(*)::int as rows, count(*) filter (where u.peak_sessions >
            (select count(*) from dni_pool_numbers pn where pn.pool_id = u.pool_id))::int as hot from dni_pool_usage u`,
    );
    expect(usage?.rows).toBeGreaterThan(100);
    expect(usage?.hot).toBe(0);
  });

  it('attributes each tracked call to the session that held its number, with the path before the call', async () => {
    const tracked = await rows<{
      id: number;
      source: string;
      started_at: string;
      attribution: CallAttribution;
      held: boolean;
      source_name: string;
      events: number;
    }>(
      sql`select c.id, c.source, c.started_at, c.attribution, s.source_name,
            (s.number_id = c.number_id and s.started_at <= c.started_at and c.started_at < s.hold_until) as held,
            (select count(*)::int from dni_events e where e.call_id = c.id and e.kind = 'call') as events
          from calls c join (select ds.*, src.name as source_name from dni_sessions ds
            join dni_sources src on src.id = ds.source_id) s on s.id = c.dni_session_id`,
    );
    expect(tracked.length).toBeGreaterThan(100);
    expect(await rows(sql`select id from calls where dni_session_id is not null`)).toHaveLength(
      tracked.length,
    );
    for (const call of tracked) {
      expect(call.held, `call ${call.id}`).toBe(true);
      expect(call.source).toBe(call.source_name);
      expect(call.attribution.source_name).toBe(call.source_name);
      expect(call.attribution.path.length).toBeGreaterThan(0);
      expect(call.attribution.path.every((page) => page.at <= new Date(call.started_at).toISOString())).toBe(
        true,
      );
      expect(call.events).toBe(1);
    }
    expect(new Set(tracked.map((call) => call.source))).toEqual(new Set(['Google Ads', 'Facebook']));
    expect(tracked.some((call) => call.attribution.click_ids.gclid)).toBe(true);
    expect(tracked.some((call) => call.attribution.click_ids.fbclid)).toBe(true);
  });
});
