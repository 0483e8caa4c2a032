/**
 * The demo workspace, seeded into a new database only (README "Demo sign-in"). Later issues extend it so the
 * demo looks lived-in. Every password is DEMO_PASSWORD.
 */
import type { Role } from '@shared/domain/users';
import type { Db } from '../db/client';
import { companies, memberships, organizationAdmins, organizations, tenants, users } from '../db/schema';
import { hashPassword } from '../lib/secrets';
import { seedDemoActivity } from './activity';
import { seedDemoBilling } from './billing';
import { type DemoCampaigns, seedDemoCampaigns } from './campaigns';
import { seedDemoContacts } from './contacts';
import { type DemoConversations, seedDemoConversations } from './conversations';
import { type DemoDni, seedDemoDni } from './dni';
import { type DemoMarketplace, seedDemoMarketplace } from './marketplace';
import { seedDemoMonitoring } from './monitoring';
import { type DemoNumbers, seedDemoNumbers } from './numbers';
import { seedDemoRegistration } from './registration';

export const DEMO_PASSWORD = 'demo-password-1';

interface DemoUser {
  email: string;
  name: string;
  /** Role in Demo Motors (and in Demo Realty for the owner), or none. */
  role?: Role;
  sip?: boolean;
  active?: boolean;
}

/** On Demo Motors, one user per role (§6); agent and agent2 are role user and start active for calls. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'owner@demo.test', name: 'Olivia Owner', role: 'owner', sip: true },
  { email: 'admin@demo.test', name: 'Adam Admin', role: 'administrator', sip: true },
  { email: 'billing@demo.test', name: 'Bella Billing', role: 'billing' },
  { email: 'reporting@demo.test', name: 'Reese Reporting', role: 'reporting' },
  { email: 'agent@demo.test', name: 'Aria Agent', role: 'user', sip: true, active: true },
  { email: 'agent2@demo.test', name: 'Andre Agent', role: 'user', sip: true, active: true },
  { email: 'deactivated@demo.test', name: 'Dana Deactivated', role: 'deactivated' },
  { email: 'orgadmin@demo.test', name: 'Orla Orgadmin' },
  { email: 'other@demo.test', name: 'Otto Other' },
  { email: 'superadmin@demo.test', name: 'Sam Superadmin' },
];

export interface DemoIds {
  organizationId: number;
  companies: { demoMotors: number; demoRealty: number; otherCo: number };
  users: Record<string, number>;
  numbers: DemoNumbers;
  conversations: DemoConversations;
  /** Demo Motors' fax number (the activity seed adds it). */
  faxNumber: number;
  /** Demo Motors' campaigns, one of each kind (seed/campaigns.ts). */
  campaigns: DemoCampaigns;
  /** Demo Motors' marketplace numbers (seed/marketplace.ts). */
  marketplace: DemoMarketplace;
  /** Demo Motors' call tracking: sources, pools, their numbers (seed/dni.ts). */
  dni: DemoDni;
}

export async function seedDemo(db: Db): Promise<DemoIds> {
  return db.transaction(async (tx) => {
    await tx
      .insert(tenants)
      .values({ hostname: '*', name: 'Switchboard', support_email: 'support@switchboard.test' });
    const [org] = await tx.insert(organizations).values({ name: 'Demo Group' }).returning();
    if (!org) throw new Error('seed: organization');
    const [motors, realty, other] = await tx
      .insert(companies)
      .values([
        {
          name: 'Demo Motors',
          organization_id: org.id,
          timezone: 'America/Chicago',
          website: 'https://demo-motors.test',
        },
        {
          name: 'Demo Realty',
          organization_id: org.id,
          timezone: 'America/New_York',
          website: 'https://demo-realty.test',
        },
        { name: 'Other Co', timezone: 'America/Los_Angeles' },
      ])
      .returning();
    if (!motors || !realty || !other) throw new Error('seed: companies');

    const ids: Record<string, number> = {};
    for (const demo of DEMO_USERS) {
      const [first = '', last = ''] = demo.name.split(' ');
      const local = demo.email.split('@')[0] ?? 'user';
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          name: demo.name,
          first_name: first,
          last_name: last,
          password_hash: await hashPassword(DEMO_PASSWORD),
          timezone: 'America/Chicago',
          is_platform_admin: demo.email === 'superadmin@demo.test',
          sip_address: demo.sip ? `${local}@sip.demo-motors.test` : null,
          sip_user: demo.sip ? local : null,
          sip_password: demo.sip ? `sip-${local}-secret` : null,
          // The demo people joined by invitation, which proved their addresses: they may send and buy.
          email_verified_at: new Date(),
        })
        .returning();
      if (!user) throw new Error(`seed: ${demo.email}`);
      ids[demo.email] = user.id;
      if (demo.role) {
        await tx.insert(memberships).values({
          user_id: user.id,
          company_id: motors.id,
          role: demo.role,
          previous_role: demo.role === 'deactivated' ? 'user' : null,
          in_app_calling_status: demo.active ? 'active' : 'away',
        });
      }
    }
    const id = (email: string) => ids[email] as number;
    await tx.insert(memberships).values([
      { user_id: id('owner@demo.test'), company_id: realty.id, role: 'owner' },
      { user_id: id('other@demo.test'), company_id: other.id, role: 'owner' },
    ]);
    await tx
      .insert(organizationAdmins)
      .values({ user_id: id('orgadmin@demo.test'), organization_id: org.id });
    await seedDemoContacts(
      tx,
      { demoMotors: motors.id, demoRealty: realty.id },
      { demoMotors: id('agent@demo.test'), demoRealty: id('owner@demo.test') },
    );
    const demoNumbers = await seedDemoNumbers(tx, {
      demoMotors: motors.id,
      demoRealty: realty.id,
      otherCo: other.id,
    });
    const demoConversations = await seedDemoConversations(
      tx,
      { demoMotors: motors.id, demoRealty: realty.id },
      demoNumbers,
      {
        owner: id('owner@demo.test'),
        admin: id('admin@demo.test'),
        agent: id('agent@demo.test'),
        agent2: id('agent2@demo.test'),
      },
    );
    const activity = await seedDemoActivity(tx, motors.id, demoNumbers, {
      admin: id('admin@demo.test'),
      agent: id('agent@demo.test'),
      agent2: id('agent2@demo.test'),
    });
    const demoCampaigns = await seedDemoCampaigns(tx, motors.id, demoNumbers, id('admin@demo.test'));
    const demoMarketplace = await seedDemoMarketplace(tx, motors.id, demoNumbers);
    const demoDni = await seedDemoDni(tx, motors.id, demoNumbers, {
      admin: id('admin@demo.test'),
      agent: id('agent@demo.test'),
      agent2: id('agent2@demo.test'),
    });
    await seedDemoMonitoring(tx, motors.id, demoNumbers, id('admin@demo.test'));
    await seedDemoBilling(tx, motors.id, 'owner@demo.test');
    await seedDemoRegistration(tx, { demoMotors: motors.id, demoRealty: realty.id });
    return {
      organizationId: org.id,
      companies: { demoMotors: motors.id, demoRealty: realty.id, otherCo: other.id },
      users: ids,
      numbers: demoNumbers,
      conversations: demoConversations,
      faxNumber: activity.faxNumber,
      campaigns: demoCampaigns,
      marketplace: demoMarketplace,
      dni: demoDni,
    };
  });
}

/** What `npm start` prints so a person can sign in. */
export function demoSignInText(): string {
  const width = Math.max(...DEMO_USERS.map((user) => user.email.length));
  const lines = DEMO_USERS.map((user) => {
    const what =
      user.email === 'orgadmin@demo.test'
        ? 'organization admin of Demo Group'
        : user.email === 'other@demo.test'
          ? 'owner of Other Co'
          : user.email === 'superadmin@demo.test'
            ? 'platform admin'
            : `${user.role} in Demo Motors`;
    return `  ${user.email.padEnd(width)}  ${what}`;
  });
  return [`Demo sign-in (every password: ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
