import type { ContactDetail } from '@shared/api/contacts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  applyContactChanges,
  contactKeys,
  propagateContactChange,
  propagateContactsRemoval,
  restoreSnapshot,
  updateContactEverywhere,
} from './contactCache';
import { SAMPLE } from './sampleContact';

const params = { page: 1, perPage: 25, filters: {}, sort: 'name' as const, dir: 'asc' as const };
const other = { ...SAMPLE, id: 12, name: 'Grace Hopper', number: '+16465550123' };

function seeded() {
  const client = new QueryClient();
  const detail: ContactDetail = { ...SAMPLE, note_records: [] };
  client.setQueryData(contactKeys.detail(SAMPLE.id), detail);
  client.setQueryData(contactKeys.list(1, params), {
    data: [SAMPLE, other],
    current_page: 1,
    total_pages: 1,
    total: 2,
  });
  client.setQueryData(contactKeys.list(1, { ...params, filters: { search: 'grace' } }), {
    data: [other],
    current_page: 1,
    total_pages: 1,
    total: 1,
  });
  client.setQueryData(contactKeys.list(1, { ...params, page: 2 }), {
    data: [{ ...SAMPLE }],
    current_page: 2,
    total_pages: 2,
    total: 26,
  });
  return client;
}

describe('the optimistic contact update (§4)', () => {
  it('applies changes as the server will store them, naming labels and groups from the lists', () => {
    const next = applyContactChanges(
      SAMPLE,
      {
        name: ' Ada King ',
        number: '(646) 555-0199',
        city: '',
        email: 'ADA@Example.com',
        labels: [3, 7],
        groups: [],
        custom: { title: 'Countess' },
      },
      { labels: [{ id: 7, label: 'Partner' }], groups: [] },
    );
    expect(next).toMatchObject({
      name: 'Ada King',
      number: '+16465550199',
      city: null,
      email: 'ada@example.com',
      labels: [
        { id: 3, label: 'VIP' },
        { id: 7, label: 'Partner' },
      ],
      groups: [],
      custom: { country: 'US', title: 'Countess' },
    });
    expect(SAMPLE.name).toBe('Ada Lovelace');
  });

  it('changes the contact everywhere at once and puts everything back on failure', () => {
    const client = seeded();
    const before = client.getQueriesData({ queryKey: contactKeys.all() });
    const snapshot = updateContactEverywhere(client, SAMPLE.id, (contact) => ({
      ...contact,
      name: 'Changed',
    }));
    expect(snapshot).toHaveLength(3);
    expect(client.getQueryData<ContactDetail>(contactKeys.detail(SAMPLE.id))?.name).toBe('Changed');
    const page1 = client.getQueryData<{ data: { name: string }[] }>(contactKeys.list(1, params));
    expect(page1?.data.map((c) => c.name)).toEqual(['Changed', 'Grace Hopper']);
    const page2 = client.getQueryData<{ data: { name: string }[] }>(
      contactKeys.list(1, { ...params, page: 2 }),
    );
    expect(page2?.data[0]?.name).toBe('Changed');

    restoreSnapshot(client, snapshot);
    expect(client.getQueriesData({ queryKey: contactKeys.all() })).toEqual(before);
  });

  it('on success puts the saved contact in place and marks the areas showing contacts stale', async () => {
    const client = seeded();
    client.setQueryData(['Conversation', 'list', 1], []);
    client.setQueryData(['ContactGroup', 'options', 1], []);
    await propagateContactChange(client, { ...SAMPLE, name: 'Saved' });
    expect(client.getQueryData<ContactDetail>(contactKeys.detail(SAMPLE.id))?.name).toBe('Saved');
    expect(client.getQueryData<ContactDetail>(contactKeys.detail(SAMPLE.id))?.note_records).toEqual([]);
    expect(client.getQueryState(contactKeys.list(1, params))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['Conversation', 'list', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['ContactGroup', 'options', 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState(contactKeys.detail(SAMPLE.id))?.isInvalidated).toBe(false);
  });

  it('on removal forgets the contact and refreshes lists and conversations', async () => {
    const client = seeded();
    client.setQueryData(['Conversation', 'list', 1], []);
    await propagateContactsRemoval(client, [SAMPLE.id]);
    expect(client.getQueryData(contactKeys.detail(SAMPLE.id))).toBeUndefined();
    expect(client.getQueryState(contactKeys.list(1, params))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['Conversation', 'list', 1])?.isInvalidated).toBe(true);
  });
});
