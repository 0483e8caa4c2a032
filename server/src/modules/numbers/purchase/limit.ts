/**
 * §7 `number-limit` and `number-limit-increase`: how many numbers a company may have (companies.number_limit),
 * how many it has, and a request to raise it — recorded (waiting until support handles it), mailed to support
 * through the outbox, and answered with §8's message.
 */
import type { NumberLimit } from '@shared/api/numberPurchase';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { companies, liveNumber, numberLimitRequests, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';
import { notFound } from '../../../lib/errors';

/** What a purchase over the limit is told: the limit, and how to ask for more. */
export const limitReachedMessage = (limit: number) =>
  `This company has reached its limit of ${limit} numbers. Release a number, or ask for more (Request more numbers, on the Numbers screen).`;

/** The company's limit and how many numbers it has (read in `db`: a transaction that locked the company). */
export async function limitAndUsed(db: Db, companyId: number): Promise<{ limit: number; used: number }> {
  const [company] = await db
    .select({ limit: companies.number_limit })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const [used] = await db
    .select({ n: count() })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber));
  return { limit: company.limit, used: used?.n ?? 0 };
}

export async function numberLimitOf(ctx: AppContext, companyId: number): Promise<NumberLimit> {
  const { limit, used } = await limitAndUsed(ctx.db, companyId);
  const [waiting] = await ctx.db
    .select({ id: numberLimitRequests.id })
    .from(numberLimitRequests)
    .where(and(eq(numberLimitRequests.company_id, companyId), isNull(numberLimitRequests.handled_at)))
    .limit(1);
  return { limit, used, remaining: Math.max(0, limit - used), increase_requested: !!waiting };
}

export async function requestLimitIncrease(
  ctx: AppContext,
  companyId: number,
  userId: number,
  input: { requested: number; reason?: string | undefined },
): Promise<{ message: string }> {
  const [company] = await ctx.db
    .select({ name: companies.name, limit: companies.number_limit })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const { used } = await limitAndUsed(ctx.db, companyId);
  await ctx.db.insert(numberLimitRequests).values({
    company_id: companyId,
    user_id: userId,
    requested: input.requested,
    reason: input.reason ?? '',
    created_at: ctx.now(),
  });
  await ctx.outbox.send({
    channel: 'mail',
    to: ctx.config.supportEmail,
    subject: `Number limit increase: ${company.name}`,
    body: [
      `${company.name} (company ${companyId}) asks for a number limit of ${input.requested}.`,
      `Its limit is ${company.limit}; it has ${used} numbers.`,
      input.reason ? `Reason: ${input.reason}` : 'No reason given.',
    ].join('\n'),
    companyId: null,
  });
  return { message: SUCCESS_MESSAGES.numberLimitRequested };
}
