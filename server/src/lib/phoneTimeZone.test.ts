/**
 * A recipient's time zone from their number (libphonenumber's mapping), and the conversation's
 * `recipient_timezone` that the composer's quiet-hours hint reads.
 */
import { ConversationSchema } from '@shared/api/conversations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/testApp';
import { phoneTimeZone } from './phoneTimeZone';

describe('phoneTimeZone', () => {
  it.each<[string, string | null]>([
    ['+13125550100', 'America/Chicago'],
    ['+12065556001', 'America/Los_Angeles'],
    ['+12125551234', 'America/New_York'],
    ['+13055550110', 'America/New_York'],
    ['+442079460000', 'Europe/London'],
    ['+61291234567', 'Australia/Sydney'],
    // Toll-free: every North American zone, so none.
    ['+18885550103', null],
    ['anonymous', null],
    ['', null],
  ])('%s → %s', async (number, zone) => {
    expect(await phoneTimeZone(number)).toBe(zone);
    // Cached answers are the same.
    expect(await phoneTimeZone(number)).toBe(zone);
  });
});

describe('recipient_timezone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each<[string, string | null]>([
    ['+12065557401', 'America/Los_Angeles'],
    ['+18005557402', null],
  ])('a conversation with %s carries %s', async (recipient, zone) => {
    const [row] = await t.ctx.db
      .insert(conversations)
      .values({ company_id: t.ids.companies.demoMotors, number_id: t.ids.numbers.motorsMain, recipient })
      .returning();
    const response = await t.as('agent@demo.test', { method: 'GET', url: `/api/conversations/${row?.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(ConversationSchema.parse(response.json()).recipient_timezone).toBe(zone);
  });
});
