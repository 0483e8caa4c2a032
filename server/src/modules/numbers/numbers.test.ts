/** §7 numbers list: paging (current_page, last_page, total), search over number and label, unread, roles. */
import type { TrackedNumber } from '@shared/api/numbers';
import type { Paged } from '@shared/api/paged';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (email: string, query = '', companyId = t.ids.companies.demoMotors) =>
  t.as(email, { method: 'GET', url: `/api/companies/${companyId}/numbers${query}` });

describe('GET /companies/{companyId}/numbers', () => {
  it('lists the company’s numbers with their fields, for an agent', async () => {
    const response = await list('agent@demo.test');
    expect(response.statusCode).toBe(200);
    const page = response.json<Paged<TrackedNumber>>();
    // The five voice lines, the fax line the activity seed adds, and the ten tracking numbers of the call-tracking
    // seed's two pools (+1 872 555 0130–0135, 0140–0143).
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 16 });
    expect(page.data.map((n) => n.number)).toEqual([
      '+13125550100',
      '+13125550101',
      '+13125550102',
      '+13125550104',
      '+13125550105',
      ...[130, 131, 132, 133, 134, 135, 140, 141, 142, 143].map(
        (n) => `+1872555${String(n).padStart(4, '0')}`,
      ),
      '+18885550103',
    ]);
    expect(page.data[0]).toEqual({
      id: t.ids.numbers.motorsMain,
      number: '+13125550100',
      label: 'Main line',
      tags: ['website', 'google-business'],
      type: 2,
      sms_enabled: true,
      call_transcription_enabled: false,
      status: 'active',
      remove_at: null,
      unread_messages_count: expect.any(Number),
      hasNotificationBlocks: false,
    });
    expect(page.data.find((n) => n.number === '+18885550103')?.type).toBe(1);
  });

  it('pages', async () => {
    const page = (await list('owner@demo.test', '?perPage=2&page=3')).json<Paged<TrackedNumber>>();
    expect(page).toMatchObject({ current_page: 3, last_page: 8, per_page: 2, total: 16 });
    expect(page.data.map((n) => n.number)).toEqual(['+13125550105', '+18725550130']);
    const last = (await list('owner@demo.test', '?perPage=2&page=8')).json<Paged<TrackedNumber>>();
    expect(last.data.map((n) => n.number)).toEqual(['+18725550143', '+18885550103']);
    const beyond = (await list('owner@demo.test', '?perPage=2&page=9')).json<Paged<TrackedNumber>>();
    expect(beyond).toMatchObject({ data: [], total: 16, last_page: 8 });
  });

  it('searches over number (as written) and label', async () => {
    const byLabel = (await list('agent@demo.test', '?search=sales')).json<Paged<TrackedNumber>>();
    expect(byLabel.data.map((n) => n.label)).toEqual(['Sales']);
    const byNumber = (await list('agent@demo.test', `?search=${encodeURIComponent('(312) 555-0102')}`)).json<
      Paged<TrackedNumber>
    >();
    expect(byNumber.data.map((n) => n.number)).toEqual(['+13125550102']);
    const none = (await list('agent@demo.test', '?search=zzz')).json<Paged<TrackedNumber>>();
    expect(none).toMatchObject({ data: [], total: 0, last_page: 1 });
    const wildcard = (await list('agent@demo.test', '?search=%25')).json<Paged<TrackedNumber>>();
    expect(wildcard.total).toBe(0);
  });

  it('sums the unread counts of each number’s conversations', async () => {
    const before = (await list('agent@demo.test', '?search=Service')).json<Paged<TrackedNumber>>().data[0];
    await t.ctx.db.insert(conversations).values([
      {
        company_id: t.ids.companies.demoMotors,
        number_id: t.ids.numbers.motorsService,
        recipient: '+12025550170',
        unread_count: 2,
      },
      {
        company_id: t.ids.companies.demoMotors,
        number_id: t.ids.numbers.motorsService,
        recipient: '+12025550171',
        unread_count: 3,
      },
    ]);
    const after = (await list('agent@demo.test', '?search=Service')).json<Paged<TrackedNumber>>().data[0];
    expect(after?.unread_messages_count).toBe((before?.unread_messages_count ?? 0) + 5);
    await t.ctx.db.delete(conversations).where(eq(conversations.recipient, '+12025550170'));
  });

  it('refuses roles without numbers.view (403), other companies (404) and bad paging (422)', async () => {
    expect((await list('reporting@demo.test')).statusCode).toBe(200);
    expect((await list('billing@demo.test')).statusCode).toBe(403);
    expect((await list('agent@demo.test', '', t.ids.companies.otherCo)).statusCode).toBe(404);
    expect((await list('agent@demo.test', '?perPage=0')).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/companies/${t.ids.companies.demoMotors}/numbers` }))
        .statusCode,
    ).toBe(401);
    const other = (await list('other@demo.test', '', t.ids.companies.otherCo)).json<Paged<TrackedNumber>>();
    expect(other.data.map((n) => n.number)).toEqual(['+14155550120']);
  });
});
