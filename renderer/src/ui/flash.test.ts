import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { flash } from './flash';

afterEach(() => notifications.clean());

const shown = () => notificationsStore.getState().notifications.map((n) => n.message);

describe('flash messages with an id: one at a time, the latest wins', () => {
  it('a second message with the same id replaces the first (Mantine alone would keep the first and drop it)', () => {
    flash('neutral', 'Bram’s change is saved on this device.', { id: 'queued-offline' });
    flash('neutral', 'The group’s change is saved on this device.', { id: 'queued-offline' });
    expect(shown()).toEqual(['The group’s change is saved on this device.']);
  });

  it('messages without an id all show', () => {
    flash('success', 'One.');
    flash('success', 'Two.');
    expect(shown()).toEqual(['One.', 'Two.']);
  });
});
