/**
 * `carrierFor(ctx)`: the carrier the server sends through — `ctx.carrier` when one was set (tests set a sandbox
 * with no receipt delay), else Twilio when configured, else the sandbox. Built once per context.
 */
import type { AppContext } from '../http/context';
import { sandboxCarrier } from './sandbox';
import { twilioCarrier } from './twilio';
import type { Carrier } from './types';

export type { Carrier, DeliveryReceipt, OutgoingMedia, SendMessageInput, SendMessageResult } from './types';
export { CarrierError } from './types';

const built = new WeakMap<AppContext, Carrier>();

export function carrierFor(ctx: AppContext): Carrier {
  if (ctx.carrier) return ctx.carrier;
  let carrier = built.get(ctx);
  if (!carrier) {
    carrier = ctx.config.twilio
      ? twilioCarrier({
          ...ctx.config.twilio,
          publicUrl: ctx.config.publicUrl,
          apiPrefix: ctx.config.apiPrefix,
        })
      : sandboxCarrier(ctx.outbox);
    built.set(ctx, carrier);
  }
  return carrier;
}
