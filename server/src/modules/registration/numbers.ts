/**
 * Adding and removing the numbers a registration covers. Only the company's own live numbers that can text, of
 * the registration's kind (local numbers for 10DLC, toll-free for toll-free verification), and each in one
 * registration at a time (the unique index on number_id decides between two at once). A submitted
 * registration's registry hears of the change.
 */
import { REGISTRATION_MESSAGES as M } from '@shared/api/registration';
import { SUCCESS_MESSAGES } from '@shared/domain/messages';
import { numbersChangeable, registrationKindOfNumberType } from '@shared/domain/registration';
import { and, eq, inArray } from 'drizzle-orm';
import { liveNumber, numbers, type SmsRegistrationRow, smsRegistrationNumbers } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { invalid } from '../../lib/errors';
import { forRegistry, registrationOf } from './records';
import { registryOf } from './registry';
import { overallStatus } from './view';

const KIND_NAMES = { local: 'local', toll_free: 'toll-free' } as const;

async function changeable(ctx: AppContext, companyId: number, id: number): Promise<SmsRegistrationRow> {
  const row = await registrationOf(ctx, companyId, id);
  if (!numbersChangeable(overallStatus(row))) throw invalid({ numbers: [M.expired] });
  return row;
}

export async function addNumbers(
  ctx: AppContext,
  companyId: number,
  id: number,
  ids: number[],
): Promise<{ message: string; row: SmsRegistrationRow }> {
  const row = await changeable(ctx, companyId, id);
  const wanted = [...new Set(ids)];
  const found = await ctx.db
    .select({
      id: numbers.id,
      number: numbers.number,
      type: numbers.type,
      sms_enabled: numbers.sms_enabled,
      carrier_sid: numbers.carrier_sid,
      registration_id: smsRegistrationNumbers.registration_id,
    })
    .from(numbers)
    .leftJoin(smsRegistrationNumbers, eq(smsRegistrationNumbers.number_id, numbers.id))
    .where(and(inArray(numbers.id, wanted), eq(numbers.company_id, companyId), liveNumber));
  const problems: string[] = [];
  for (const number of found) {
    if (!number.sms_enabled) problems.push(M.noSms(number.number));
    else if (registrationKindOfNumberType(number.type) !== row.kind)
      problems.push(M.wrongKind(number.number, KIND_NAMES[row.kind]));
    else if (number.registration_id !== null && number.registration_id !== row.id)
      problems.push(M.takenBy(number.number, number.registration_id));
  }
  // References are checked by the route (http/references.ts); a number released meanwhile is simply gone.
  if (found.length !== wanted.length) problems.push('A number chosen is no longer on the account.');
  if (problems.length) throw invalid({ numbers: problems });
  const added = found.filter((number) => number.registration_id !== row.id);
  try {
    if (added.length)
      await ctx.db.insert(smsRegistrationNumbers).values(
        added.map((number) => ({
          registration_id: row.id,
          number_id: number.id,
          company_id: companyId,
          added_at: ctx.now(),
        })),
      );
  } catch (error) {
    // Another registration took one of them at the same moment: the unique index said so.
    if ((error as { code?: string }).code === '23505' || /unique/i.test(String(error)))
      throw invalid({
        numbers: ['One of these numbers was just added to another registration; reload and try again.'],
      });
    throw error;
  }
  if (row.submitted_at)
    await registryOf(ctx, row.registry).addNumbers(ctx, await forRegistry(ctx, row), added);
  return { message: SUCCESS_MESSAGES.numbersAddedToCampaign, row };
}

export async function removeNumbers(
  ctx: AppContext,
  companyId: number,
  id: number,
  ids: number[],
): Promise<{ message: string; row: SmsRegistrationRow }> {
  const row = await changeable(ctx, companyId, id);
  const registration = await forRegistry(ctx, row);
  const covered = new Map(registration.numbers.map((number) => [number.id, number]));
  const missing = ids.filter((one) => !covered.has(one));
  if (missing.length) {
    const [first] = await ctx.db
      .select({ number: numbers.number })
      .from(numbers)
      .where(inArray(numbers.id, missing));
    throw invalid({ numbers: [M.notIn(first?.number ?? `#${missing[0]}`)] });
  }
  const removed = ids.map((one) => covered.get(one)).filter((number) => number !== undefined);
  if (row.submitted_at) await registryOf(ctx, row.registry).removeNumbers(ctx, registration, removed);
  await ctx.db
    .delete(smsRegistrationNumbers)
    .where(
      and(eq(smsRegistrationNumbers.registration_id, row.id), inArray(smsRegistrationNumbers.number_id, ids)),
    );
  return { message: SUCCESS_MESSAGES.numbersRemovedFromCampaign, row };
}
