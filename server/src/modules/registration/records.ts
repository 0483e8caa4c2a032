/** Loading a company's registrations and what goes with them (numbers, files), for the service and the registry. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  numbers,
  type SmsRegistrationRow,
  smsRegistrationFiles,
  smsRegistrationNumbers,
  smsRegistrations,
} from '../../db/schema';
import type { AppContext } from '../../http/context';
import { notFound } from '../../lib/errors';
import type { RegistrationForRegistry } from './registry';

/** The company's registration (another company's, or none: 404). */
export async function registrationOf(
  ctx: AppContext,
  companyId: number,
  id: number,
  db: Db = ctx.db,
): Promise<SmsRegistrationRow> {
  const [row] = await db
    .select()
    .from(smsRegistrations)
    .where(and(eq(smsRegistrations.id, id), eq(smsRegistrations.company_id, companyId)));
  if (!row) throw notFound('registration');
  return row;
}

export async function registrationsOf(ctx: AppContext, companyId: number): Promise<SmsRegistrationRow[]> {
  return ctx.db
    .select()
    .from(smsRegistrations)
    .where(eq(smsRegistrations.company_id, companyId))
    .orderBy(desc(smsRegistrations.id));
}

export async function numbersOf(db: Db, registrationIds: number[]) {
  if (!registrationIds.length) return [];
  return db
    .select({
      registration_id: smsRegistrationNumbers.registration_id,
      id: numbers.id,
      number: numbers.number,
      label: numbers.label,
      carrier_sid: numbers.carrier_sid,
    })
    .from(smsRegistrationNumbers)
    .innerJoin(numbers, eq(numbers.id, smsRegistrationNumbers.number_id))
    .where(inArray(smsRegistrationNumbers.registration_id, registrationIds))
    .orderBy(numbers.number);
}

export async function filesOf(db: Db, registrationIds: number[]) {
  if (!registrationIds.length) return [];
  return db
    .select()
    .from(smsRegistrationFiles)
    .where(inArray(smsRegistrationFiles.registration_id, registrationIds))
    .orderBy(smsRegistrationFiles.id);
}

/** The registration with its numbers and files, as a registry takes it. */
export async function forRegistry(
  ctx: AppContext,
  row: SmsRegistrationRow,
): Promise<RegistrationForRegistry> {
  const [covered, files] = await Promise.all([numbersOf(ctx.db, [row.id]), filesOf(ctx.db, [row.id])]);
  return {
    row,
    numbers: covered.map(({ id, number, carrier_sid }) => ({ id, number, carrier_sid })),
    files: files.map(({ id, name, path, content_type }) => ({ id, name, path, content_type })),
  };
}

/** A supporting file of the company (for its signed URL). */
export async function supportingFileOf(ctx: AppContext, companyId: number, fileId: number) {
  const [file] = await ctx.db
    .select()
    .from(smsRegistrationFiles)
    .where(and(eq(smsRegistrationFiles.id, fileId), eq(smsRegistrationFiles.company_id, companyId)));
  return file;
}
