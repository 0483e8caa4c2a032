/**
 * An outbound text's delivery state only moves forward, even when the send's answer ("queued") and the carrier's
 * receipt ("delivered") are recorded at the same moment: both read the state before either writes, in either
 * order. (Seen under load: the send's "queued" overwrote the receipt's "delivered" and the text stayed queued.)
 */
import type { DeliveryState } from '@shared/domain/messaging';
import { describe, expect, it } from 'vitest';
import { sharedTestApp } from '../../testing/testApp';
import { addItem, advanceItemDelivery, findOrCreateConversation } from './store';

const t = sharedTestApp();

async function sendingItem(recipient: string) {
  const conversation = await findOrCreateConversation(t.ctx.db, {
    companyId: t.ids.companies.demoMotors,
    numberId: t.ids.numbers.motorsMain,
    recipient,
  });
  return addItem(t.ctx.db, conversation, {
    kind: 'message',
    is_inbound: false,
    content: 'Your car is ready.',
    delivery_state: 'sending',
    created_at: t.ctx.now(),
    updated_at: t.ctx.now(),
  });
}

describe('delivery state under racing writers', () => {
  it.each([
    [['queued', 'delivered'], 'delivered'],
    [['delivered', 'queued'], 'delivered'],
    [['sent', 'failed', 'queued'], 'failed'],
    [['queued', 'sent'], 'sent'],
  ] as [DeliveryState[], DeliveryState][])('%j at once end %s', async (writes, final) => {
    const item = await sendingItem(`+1415555${String(1000 + writes.length * 10 + writes.indexOf(final))}`);
    const results = await Promise.all(
      writes.map((state) =>
        advanceItemDelivery(t.ctx, item.id, state, () => ({ carrier_sid: `SB${item.id}` })),
      ),
    );
    const finalRows = results.map((result) => result.row.delivery_state);
    // Whoever wrote last wrote the furthest state; nobody stepped it back.
    expect(finalRows).toContain(final);
    const { row } = await advanceItemDelivery(t.ctx, item.id, 'sending');
    expect(row.delivery_state).toBe(final);
    expect(row.carrier_sid).toBe(`SB${item.id}`);
  });

  it('a write that moves nothing reports no change (no event is published for it)', async () => {
    const item = await sendingItem('+14155552000');
    expect((await advanceItemDelivery(t.ctx, item.id, 'delivered')).changed).toBe(true);
    expect((await advanceItemDelivery(t.ctx, item.id, 'queued')).changed).toBe(false);
  });
});
