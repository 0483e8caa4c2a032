import type { CampaignEvent } from '@shared/api/campaigns';
import { describe, expect, it } from 'vitest';
import { eventStateDetails } from './CampaignEvents';

const event = (changes: Partial<CampaignEvent>): CampaignEvent => ({
  id: 1,
  contact: { id: 2, name: 'Ada Lovelace' },
  number: '+13125550111',
  state: 'sent',
  skip_reason: null,
  error_code: null,
  not_before: null,
  sent_at: null,
  finished_at: null,
  responded_at: null,
  reply: null,
  unsubscribed_at: null,
  conversation_id: null,
  ...changes,
});

describe("what an events row says besides the recipient's state", () => {
  it.each([
    ['nothing for a plain send', event({}), []],
    [
      'why it was skipped',
      event({ state: 'skipped', skip_reason: 'no-sms' }),
      ['Cannot receive texts (landline)'],
    ],
    ["the carrier's error code", event({ state: 'failed', error_code: '30007' }), ['Error 30007']],
    [
      'when a waiting recipient’s texting hours open',
      event({ state: 'pending', not_before: '2030-01-16T14:00:00.000Z' }),
      ['Waits for their texting hours: Jan 16, 2030 8:00 AM'],
    ],
  ])('%s', (_name, row, details) => {
    expect(eventStateDetails(row, 'America/Chicago')).toEqual(details);
  });
});
