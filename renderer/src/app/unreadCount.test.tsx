import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { keys } from '../api/keys';
import { reactRoots } from '../testing/reactRoots';
import { useInboxUnreadCount } from './unreadCount';

const newRoot = reactRoots();
const counts = (messages: number) => ({ messages, calls: 0, voicemails: 0, faxes: 0 });

function Count({ companyId }: { companyId: number | null }) {
  return <output>{useInboxUnreadCount(companyId)}</output>;
}

async function setUp(companyId: number | null) {
  const client = new QueryClient();
  const { host, root } = newRoot();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Count companyId={companyId} />
      </QueryClientProvider>,
    ),
  );
  return { client, shown: () => host.textContent };
}

describe('the Inbox navigation item’s unread count', () => {
  it('follows the counts the inbox fetched, for the selected company, without fetching', async () => {
    const { client, shown } = await setUp(4);
    expect(shown()).toBe('0');
    await act(async () => client.setQueryData(keys.notificationCounts(4), counts(3)));
    expect(shown()).toBe('3');
    await act(async () => client.setQueryData(keys.notificationCounts(5), counts(9)));
    expect(shown()).toBe('3');
    expect(
      client
        .getQueryCache()
        .find({ queryKey: keys.notificationCounts(4) })
        ?.getObserversCount(),
    ).toBe(0);
  });

  it('is nothing without a company', async () => {
    const { client, shown } = await setUp(null);
    await act(async () => client.setQueryData(keys.notificationCounts(0), counts(3)));
    expect(shown()).toBe('0');
  });
});
