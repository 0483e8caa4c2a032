/**
 * Demo tracked numbers (fictional 555-01xx numbers): Demo Motors has a main line, department lines, a
 * toll-free line and an in-app line for the softphone; Demo Realty a main line and an office line; Other Co one,
 * so cross-company tests have something to aim at. The calls issues add their routing.
 */
import type { Db } from '../db/client';
import { numbers } from '../db/schema';

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
