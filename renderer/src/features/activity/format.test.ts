import type { ActivityRow } from '@shared/api/activity';
import { describe, expect, it } from 'vitest';
import { userTimeZone } from '../../app/timeZone';
import {
  capitalise,
  formatDuration,
  formatWhen,
  itemCount,
  numberName,
  partyName,
  recordingLabel,
  rowSummary,
} from './format';

const call: ActivityRow = {
  type: 'call',
  id: 41,
  at: '2026-11-19T21:02:00.000Z',
  isInbound: true,
  remote: '+13125550142',
  number: { id: 1, number: '+13125550100', label: 'Main line' },
  contact: { id: 9, name: 'Ann Lee' },
  outcome: 1,
  outcome_label: 'Answered',
  duration: 125,
  text: null,
  pages: null,
  recording_url: '/api/recordings/call/41?company=1&expires=1000&sig=abc',
  source: 'Google Ads',
  keyword: 'used trucks',
  tracked: true,
};

describe('what a row says', () => {
  it('names the other party by contact, else by their number', () => {
    expect(partyName(call)).toBe('Ann Lee');
    expect(partyName({ ...call, contact: null })).toBe('(312) 555-0142');
    expect(numberName(call.number)).toBe('Main line');
    expect(numberName({ id: 2, number: '+18885550103', label: '' })).toBe('(888) 555-0103');
    expect(numberName(null)).toBe('');
  });

  it('shows times in the user’s time zone', () => {
    expect(formatWhen(call.at, 'America/Chicago')).toBe('Nov 19, 2026 3:02 PM');
    expect(formatWhen(call.at, 'Asia/Tokyo')).toBe('Nov 20, 2026 6:02 AM');
    expect(formatWhen('not a date', 'UTC')).toBe('');
  });

  it('uses the user’s zone when it is known, else the browser’s, else UTC', () => {
    expect(userTimeZone('America/Denver', 'Europe/Paris')).toBe('America/Denver');
    expect(userTimeZone('Mars/Olympus', 'Europe/Paris')).toBe('Europe/Paris');
    expect(userTimeZone(null, undefined)).toBe('UTC');
  });

  it('formats durations as minutes and seconds, with hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(42)).toBe('0:42');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });

  it('names the row and its player for screen readers', () => {
    expect(rowSummary(call, 'America/Chicago')).toBe(
      'Incoming call from Ann Lee on Main line, Nov 19, 2026 3:02 PM, Answered',
    );
    expect(
      rowSummary(
        { ...call, type: 'message', isInbound: false, contact: null, outcome: null, outcome_label: null },
        'UTC',
      ),
    ).toBe('Outgoing message to (312) 555-0142 on Main line, Nov 19, 2026 9:02 PM');
    expect(recordingLabel(call)).toBe('Recording of call with Ann Lee');
    expect(recordingLabel({ ...call, type: 'voicemail' })).toBe('Voicemail from Ann Lee');
    expect(capitalise('delivered')).toBe('Delivered');
  });
});

describe('how many items', () => {
  it.each([
    { total: 0, estimated: false, says: '0 items' },
    { total: 1, estimated: false, says: '1 item' },
    { total: 9876, estimated: false, says: `${(9876).toLocaleString()} items` },
    { total: 10_240, estimated: true, says: 'about 10.2K items' },
    { total: 1_234_567, estimated: true, says: 'about 1.2M items' },
  ])('$total, estimated: $estimated → $says', ({ total, estimated, says }) => {
    expect(itemCount(total, estimated)).toBe(says);
  });
});
