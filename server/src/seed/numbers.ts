/**
 * Demo tracked numbers (fictional 555-01xx numbers): Demo Motors has a main line, department lines, a
 * toll-free line and an in-app line for the softphone; Demo Realty a main line and an office line; Other Co one,
 * so cross-company tests have something to aim at.
 *
 * Demo Motors' routing shows each kind (§3 Forward types): the main line's menu (1 sales: a simultaneous ring
 * group, 2 service: a sequential group, 3 parts: one phone) with after-hours voicemail under the company's
 * business hours; Sales rings a simultaneous group; Service a sequential group with a whisper and confirm key;
 * the toll-free line routes by the caller's state (IL, IN, WI, else a static fallback); the in-app line is open
 * 24/7 (its own schedule), has no menu or greeting, and rings agent@ and agent2@ in the app at once. Forward
 * destinations are fictional 555-016x numbers that no tracked number uses.
 */
import { RouteSchema, ScheduleSchema, type StoredRoute, type StoredSchedule } from '@shared/api/numbers';
import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { numbers, numberTriggers, schedules, users } from '../db/schema';
import { scheduleToRow } from '../modules/numbers/config/service/schedule';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoNumbers {
  motorsMain: number;
  motorsSales: number;
  motorsService: number;
  motorsTollFree: number;
  motorsInApp: number;
  realtyMain: number;
  realtyOffice: number;
  otherMain: number;
}

export async function seedDemoNumbers(
  tx: Tx,
  companies: { demoMotors: number; demoRealty: number; otherCo: number },
): Promise<DemoNumbers> {
  const rows = await tx
    .insert(numbers)
    .values([
      {
        company_id: companies.demoMotors,
        number: '+13125550100',
        label: 'Main line',
        tags: ['website', 'google-business'],
      },
      {
        company_id: companies.demoMotors,
        number: '+13125550101',
        label: 'Sales',
        tags: ['sales', 'google-ads'],
      },
      { company_id: companies.demoMotors, number: '+13125550102', label: 'Service', tags: ['service'] },
      {
        company_id: companies.demoMotors,
        number: '+18885550103',
        label: 'Toll-free offers',
        type: 1,
        tags: ['radio'],
      },
      { company_id: companies.demoMotors, number: '+13125550104', label: 'In-app agents', tags: ['in-app'] },
      { company_id: companies.demoRealty, number: '+13055550110', label: 'Main line', tags: ['website'] },
      { company_id: companies.demoRealty, number: '+13055550111', label: 'Office', tags: ['signs'] },
      { company_id: companies.otherCo, number: '+14155550120', label: 'Other Co line' },
    ])
    .returning({ id: numbers.id });
  const id = (index: number) => rows[index]?.id as number;
  await seedRouting(tx, companies, {
    main: id(0),
    sales: id(1),
    service: id(2),
    tollFree: id(3),
    inApp: id(4),
  });
  return {
    motorsMain: id(0),
    motorsSales: id(1),
    motorsService: id(2),
    motorsTollFree: id(3),
    motorsInApp: id(4),
    realtyMain: id(5),
    realtyOffice: id(6),
    otherMain: id(7),
  };
}

const route = (input: z.input<typeof RouteSchema>): StoredRoute => RouteSchema.parse(input);
const schedule = (input: z.input<typeof ScheduleSchema>): StoredSchedule => ScheduleSchema.parse(input);

/** Demo Motors: Mon–Fri 8:00–19:00, Sat 9:00–17:00, closed Sunday, Chicago time (§4 preset 6 Business Hours). */
export const DEMO_MOTORS_SCHEDULE = schedule({
  preset: 6,
  timezone: 'America/Chicago',
  ...Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri'].flatMap((day) => [
      [`${day}_open_hour`, '08:00'],
      [`${day}_close_hour`, '19:00'],
    ]),
  ),
  sat_open_hour: '09:00',
  sat_close_hour: '17:00',
  sun_open_hour: 'Closed',
  sun_close_hour: 'Closed',
});

async function seedRouting(
  tx: Tx,
  companies: { demoMotors: number; demoRealty: number; otherCo: number },
  motors: { main: number; sales: number; service: number; tollFree: number; inApp: number },
): Promise<void> {
  const agents = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['agent@demo.test', 'agent2@demo.test']));
  const agentId = (email: string) => {
    const found = agents.find((agent) => agent.email === email);
    if (!found) throw new Error(`seed: ${email}`);
    return found.id;
  };

  await tx.insert(schedules).values([
    { company_id: companies.demoMotors, ...scheduleToRow(DEMO_MOTORS_SCHEDULE) },
    {
      company_id: companies.demoRealty,
      ...scheduleToRow(schedule({ preset: 2, timezone: 'America/New_York' })),
    },
    {
      company_id: companies.otherCo,
      ...scheduleToRow(schedule({ preset: 1, timezone: 'America/Los_Angeles' })),
    },
  ]);

  const salesGroup = ['+13125550160', '+13125550161'];
  const serviceGroup = ['+13125550162', '+13125550163'];
  const updates: { id: number; values: Partial<typeof numbers.$inferInsert> }[] = [
    {
      id: motors.main,
      values: {
        greeting: {
          text: 'Thank you for calling Demo Motors. For sales, press 1. For service, press 2. For parts, press 3.',
        },
        menu: { timeout: 5, retries: 1, default_extension: 1 },
        routes: [
          route({
            extension: 1,
            label: 'Sales',
            type: 'simultaneous',
            forwards: salesGroup.map((number) => ({ number })),
          }),
          route({
            extension: 2,
            label: 'Service',
            type: 'sequential',
            stagger: true,
            forwards: serviceGroup.map((number) => ({ number })),
          }),
          route({ extension: 3, label: 'Parts', forwards: [{ number: '+13125550164' }] }),
        ],
        after_hours_extension: null,
        voicemail: {
          greeting: {
            text: 'You have reached Demo Motors after hours. Please leave a message and we will call you back.',
          },
          email_alert_address: 'owner@demo.test',
        },
        recording_enabled: true,
      },
    },
    {
      id: motors.sales,
      values: {
        routes: [
          route({
            extension: 1,
            label: 'Sales floor',
            type: 'simultaneous',
            forwards: [...salesGroup, '+13125550165'].map((number) => ({ number })),
          }),
        ],
        voicemail: { greeting: null, email_alert_address: 'admin@demo.test' },
      },
    },
    {
      id: motors.service,
      values: {
        routes: [
          route({
            extension: 1,
            label: 'Service desk',
            type: 'sequential',
            stagger: true,
            timeout: 15,
            confirm_key: true,
            confirm_whisper: 'Service call from Demo Motors. Press any key to accept.',
            forwards: [...serviceGroup, '+13125550166'].map((number) => ({ number })),
          }),
        ],
      },
    },
    {
      id: motors.tollFree,
      values: {
        routes: [
          route({
            extension: 1,
            label: 'Nearest showroom',
            type: 'geo',
            geo_by_state_enabled: true,
            geo_by_state_static_fallback: true,
            forwards: [
              { number: '+13125550160', state: 'IL' },
              { number: '+13175550167', state: 'IN' },
              { number: '+14145550168', state: 'WI' },
              { number: '+13125550169' },
            ],
          }),
        ],
      },
    },
    {
      id: motors.inApp,
      values: {
        greeting: null,
        // The softphone's demo shows a transcript on the calls agents take here.
        call_transcription_enabled: true,
        menu: {},
        schedule: schedule({ preset: 1, timezone: 'America/Chicago' }),
        routes: [
          route({
            extension: 1,
            label: 'Agents in the app',
            type: 'in-app-calling',
            round_robin: 'none',
            members: [agentId('agent@demo.test'), agentId('agent2@demo.test')],
          }),
        ],
        voicemail: { greeting: null, email_alert_address: 'owner@demo.test' },
      },
    },
  ];
  for (const { id, values } of updates) {
    await tx
      .update(numbers)
      .set(values)
      .where(inArray(numbers.id, [id]));
  }
  await tx.insert(numberTriggers).values({
    company_id: companies.demoMotors,
    number_id: motors.main,
    event: 'call.missed',
    action: 'email',
    target: 'owner@demo.test',
  });
}
