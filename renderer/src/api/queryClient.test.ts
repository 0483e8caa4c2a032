/** The query cache as it is kept on disk: everything the screens need offline, and none of the secrets. */
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../platform/types';
import { createPersister, STORED_SECRET } from './queryClient';

describe('the persisted cache ("secrets never touch logs or localStorage")', () => {
  it('keeps the signed-in user without their SIP password', async () => {
    const stored = new Map<string, string>();
    const platform = {
      storage: {
        get: async (key: string) => stored.get(key) ?? null,
        set: async (key: string, value: string) => void stored.set(key, value),
        remove: async (key: string) => void stored.delete(key),
      },
    } as unknown as Platform;
    const queryClient = new QueryClient();
    queryClient.setQueryData(['User', 'current'], {
      id: 5,
      name: 'Andre Agent',
      sip_user: 'andre',
      sip_password: 'sip-secret-123',
    });
    // The persist client pins an older query-core than react-query's (two copies in node_modules): same shape.
    await persistQueryClientSave({ queryClient: queryClient as never, persister: createPersister(platform) });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const written = [...stored.values()].join('');
    expect(written).toContain('Andre Agent');
    expect(written).toContain('"sip_user":"andre"');
    expect(written).not.toContain('sip-secret-123');
    // Still set, as far as the app restored from it can tell: the phone stays for a user with a calling line.
    expect(written).toContain(`"sip_password":"${STORED_SECRET}"`);
  });
});
