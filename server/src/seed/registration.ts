/**
 * The demo's text-messaging registrations (modules/registration). Demo Motors is registered and approved — a 10DLC
 * brand and campaign covering every local number of its that texts, and a toll-free verification covering its
 * toll-free numbers — so its campaigns send (campaigns refuse numbers without an approved registration). Demo
 * Realty has a 10DLC draft half filled in, for the wizard to resume; none of its numbers is in it yet, and no test
 * or demo campaign sends from Realty's numbers.
 */
import type { SmsNumberKind } from '@shared/domain/registration';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { numbers, smsRegistrationNumbers, smsRegistrations } from '../db/schema';
import { SEED_ANCHOR } from './conversations';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 24 * 3_600_000;

const MOTORS_BRAND = {
  legal_name: 'Demo Motors LLC',
  display_name: 'Demo Motors',
  company_type: 'private',
  industry: 'RETAIL',
  ein: '12-3456789',
  id_type: null,
  id_number: null,
  stock_exchange: null,
  stock_symbol: null,
  website: 'https://demo-motors.test',
  email: 'compliance@demo-motors.test',
  phone: '+13125550100',
  street: '100 Lake Shore Dr',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60601',
  country: 'US',
  contact_first_name: 'Olivia',
  contact_last_name: 'Owner',
};

const MOTORS_CAMPAIGN = {
  use_case: 'MARKETING',
  sub_usecases: ['CUSTOMER_CARE', 'ACCOUNT_NOTIFICATION'],
  description: 'Service reminders, appointment confirmations and seasonal offers for Demo Motors customers.',
  message_flow:
    'Customers opt in at the service desk by signing the service form, or by texting JOIN to (312) 555-0100.',
  monthly_volume: '25_000',
  sample_messages: [
    'Demo Motors: your car is ready for pick-up at the service desk. Reply STOP to opt out.',
    'Demo Motors: spring tire sale this weekend, 20% off all-season tires. Reply STOP to opt out.',
  ],
  privacy_policy_url: 'https://demo-motors.test/privacy',
  help_message: 'Demo Motors: call (312) 555-0100 for help. Reply STOP to opt out.',
  optins: [
    {
      type: 'point_of_sale' as const,
      description: 'The service form customers sign at the desk has an SMS consent box with our terms.',
      keywords: [],
      supporting_file_ids: [],
    },
    {
      type: 'text_to_join' as const,
      description: 'Texting JOIN to the main line.',
      keywords: ['JOIN'],
      supporting_file_ids: [],
    },
  ],
};

export async function seedDemoRegistration(
  tx: Tx,
  companies: { demoMotors: number; demoRealty: number },
  now: Date = SEED_ANCHOR,
): Promise<void> {
  const submitted = new Date(now.getTime() - 30 * DAY);
  const approved = new Date(now.getTime() - 26 * DAY);
  for (const kind of ['local', 'toll_free'] as SmsNumberKind[]) {
    const [row] = await tx
      .insert(smsRegistrations)
      .values({
        company_id: companies.demoMotors,
        kind,
        brand: MOTORS_BRAND,
        campaign: MOTORS_CAMPAIGN,
        brand_status: 'approved',
        campaign_status: 'approved',
        registry: 'sandbox',
        registry_refs: { sandbox: `SB-demo-${kind}` },
        paid_cents: kind === 'local' ? 4400 + 1500 + 1000 : 0,
        brand_paid_at: submitted,
        month_paid_at: submitted,
        submitted_at: submitted,
        approved_at: approved,
        created_at: submitted,
        updated_at: approved,
      })
      .returning();
    if (!row) throw new Error('seed: registration');
    const types = kind === 'local' ? [2, 4] : [1];
    const covered = await tx
      .select({ id: numbers.id })
      .from(numbers)
      .where(
        and(
          eq(numbers.company_id, companies.demoMotors),
          inArray(numbers.type, types),
          eq(numbers.sms_enabled, true),
          isNull(numbers.released_at),
        ),
      );
    if (covered.length)
      await tx.insert(smsRegistrationNumbers).values(
        covered.map((number) => ({
          registration_id: row.id,
          number_id: number.id,
          company_id: companies.demoMotors,
          added_at: approved,
        })),
      );
  }
  await tx.insert(smsRegistrations).values({
    company_id: companies.demoRealty,
    kind: 'local',
    brand: {
      legal_name: 'Demo Realty Inc.',
      display_name: 'Demo Realty',
      company_type: 'private',
      industry: 'REAL_ESTATE',
      website: 'https://demo-realty.test',
      country: 'US',
    },
    campaign: { use_case: 'CUSTOMER_CARE', monthly_volume: '10_000' },
    created_at: now,
    updated_at: now,
  });
}
