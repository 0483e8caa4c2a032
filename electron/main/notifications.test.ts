import { Notification } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeElectron } from '../../tests/fakes/electron';
import { NotificationService } from './notifications';

beforeEach(() => resetFakeElectron());

const shown = () =>
  (Notification as unknown as { shown: { options: { title: string }; emit(e: string): void }[] }).shown;
const call = {
  tag: 'call-CA1',
  title: 'Incoming call: Ada Lovelace',
  body: '(201) 555-0123 · Sales line',
  kind: 'call' as const,
  route: '/calls/CA1',
};

describe('notifications', () => {
  it('shows call alerts when active, and clicking one opens the app on that call', () => {
    const focus = vi.fn();
    const service = new NotificationService({ presence: () => 'active', focus });
    expect(service.show(call)).toBe(true);
    expect(shown().map((n) => n.options.title)).toEqual(['Incoming call: Ada Lovelace']);
    shown()[0]?.emit('click');
    expect(focus).toHaveBeenCalledWith('/calls/CA1');
  });

  it('suppresses call alerts when away, but not message alerts', () => {
    const service = new NotificationService({ presence: () => 'away', focus: vi.fn() });
    expect(service.show(call)).toBe(false);
    expect(service.show({ tag: 'conv-1', title: 'New message', body: 'Hi', kind: 'message' })).toBe(true);
    expect(shown()).toHaveLength(1);
  });
});
