/**
 * The demo seed writes only valid phone numbers: every number column it fills is E.164 that `normalizePhone`
 * (libphonenumber, full validity) answers unchanged, so the screens format all of them. And no seeded call
 * claims work in progress: its history is days old, so a transcription is complete or there is none.
 */
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
