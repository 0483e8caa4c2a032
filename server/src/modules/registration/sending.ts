/**
 * The rule campaigns ask (modules/campaigns: when a campaign is queued, and while its engine sends): a local or
 * toll-free number sends campaign texts only while an approved registration of its kind covers it — carriers
 * block unregistered application-to-person traffic. Numbers of other types (fax) need none.
 */
import { registrationKindOfNumberType } from '@shared/domain/registration';
import { and, eq, isNull } from 'drizzle-orm';
import { numbers, smsRegistrationNumbers, smsRegistrations } from '../../db/schema';
import type { AppContext } from '../../http/context';

const KIND_NAMES = { local: '10DLC brand and campaign', toll_free: 'toll-free verification' } as const;

export function unregisteredMessage(
  number: { number: string; label: string },
  kind: 'local' | 'toll_free',
): string {
  const named = number.label ? `${number.label} (${number.number})` : number.number;
  return (
    `${named} has no approved text-messaging registration (${KIND_NAMES[kind]}), and carriers block campaign ` +
    'texts from unregistered numbers. Add it to an approved registration under Text-messaging registration, or ' +
    'choose a registered number.'
  );
}

/** Why this number may not send campaign texts now, or null when it may. */
export async function campaignSendRefusal(ctx: AppContext, numberId: number): Promise<string | null> {
  const [number] = await ctx.db
    .select({ number: numbers.number, label: numbers.label, type: numbers.type })
    .from(numbers)
    .where(eq(numbers.id, numberId));
  if (!number) return null;
  const kind = registrationKindOfNumberType(number.type);
  if (!kind) return null;
  const [covered] = await ctx.db
    .select({ id: smsRegistrations.id })
    .from(smsRegistrationNumbers)
    .innerJoin(smsRegistrations, eq(smsRegistrations.id, smsRegistrationNumbers.registration_id))
    .where(
      and(
        eq(smsRegistrationNumbers.number_id, numberId),
        eq(smsRegistrations.kind, kind),
        eq(smsRegistrations.campaign_status, 'approved'),
        isNull(smsRegistrations.expired_at),
      ),
    );
  return covered ? null : unregisteredMessage(number, kind);
}
