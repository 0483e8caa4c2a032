/**
 * The alerts' live side with the realtime hook and the platform stubbed: `alerts.updated` puts its counts where the
 * navigation badge reads them, a newly opened alert shows a toast and — when the window is not in front — an OS
 * notification that leads to the alert; a close by someone shows neither.
 */
import { ALERT_ENDPOINTS } from '@shared/api/alerts';
import type { Endpoint } from '@shared/api/contract';
import type { RealtimePayloads } from '@shared/realtime';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../api/keys';
import { reactRoots } from '../../testing/reactRoots';
import { AlertEvents } from './AlertEvents';

type AlertEvent = RealtimePayloads['alerts.updated'];

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  api: { call },
}));
const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../api/realtime', () => ({
  useChannelSubscribed: () => false,
  useRealtimeEvent: (channel: string | null, event: string, handler: (payload: unknown) => void) => {
    if (channel) handlers.set(`${channel} ${event}`, handler);
  },
}));
const notify = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../platform', () => ({ platform: () => ({ notify }) }));
const flash = vi.hoisted(() => vi.fn());
vi.mock('../../ui/flash', () => ({ flash }));

const newRoot = reactRoots();

beforeEach(() => {
  handlers.clear();
  call.mockReset();
  notify.mockClear();
  flash.mockReset();
  call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === ALERT_ENDPOINTS.counts) return { open: 2, snoozed: 0, closed: 1 };
    throw new Error(`unexpected call ${endpoint.method} ${endpoint.path}`);
  });
});

async function mount(focused: boolean) {
  vi.spyOn(document, 'hasFocus').mockReturnValue(focused);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { root } = newRoot();
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <AlertEvents companyId={4} />
      </QueryClientProvider>,
    ),
  );
  const send = (event: AlertEvent) =>
    act(async () => handlers.get('private-companies.4 alerts.updated')?.(event));
  return { client, send };
}

const opened: AlertEvent = {
  id: 31,
  change: 'opened',
  title: 'No calls on Sales for 24 hours',
  counts: { open: 3, snoozed: 0, closed: 1 },
};

describe('AlertEvents', () => {
  it('fetches the counts the navigation reads, and takes the counts each event brings', async () => {
    const { client, send } = await mount(true);
    expect(client.getQueryData(keys.alertCounts(4))).toEqual({ open: 2, snoozed: 0, closed: 1 });
    await send(opened);
    expect(client.getQueryData(keys.alertCounts(4))).toEqual({ open: 3, snoozed: 0, closed: 1 });
  });

  it('a new alert shows a toast; in front, no OS notification', async () => {
    const { send } = await mount(true);
    await send(opened);
    expect(flash).toHaveBeenCalledWith('warn', 'No calls on Sales for 24 hours', { title: 'New alert' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('a new alert while the window is behind others notifies through the platform, leading to the alert', async () => {
    const { send } = await mount(false);
    await send(opened);
    expect(notify).toHaveBeenCalledWith({
      tag: 'alert-31',
      title: 'New alert',
      body: 'No calls on Sales for 24 hours',
      kind: 'info',
      route: '/alerts/31',
    });
  });

  it.each(['closed', 'snoozed', 'reopened'] as const)(
    'a %s alert moves the counts but is no news',
    async (change) => {
      const { client, send } = await mount(false);
      await send({ ...opened, change, counts: { open: 1, snoozed: 0, closed: 2 } });
      expect(client.getQueryData(keys.alertCounts(4))).toEqual({ open: 1, snoozed: 0, closed: 2 });
      expect(flash).not.toHaveBeenCalled();
      expect(notify).not.toHaveBeenCalled();
    },
  );
});
