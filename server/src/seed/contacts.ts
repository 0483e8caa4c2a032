/**
 * Demo contacts: a few hundred realistic people and businesses for Demo Motors and Demo Realty, with labels,
 * groups (one virtual), custom fields and notes, so every screen of the contacts area has something true to
 * show. Generated from a fixed seed: the same database every time. Every §3 contact field is used somewhere,
 * some contacts are unsubscribed or invalid, and every §3 source appears.
 */
import type { CustomFieldDataType } from '@shared/domain/customFields';
import { CONTACT_ENTITY_TYPE } from '@shared/domain/customFields';
import type { Db } from '../db/client';
import {
  contactGroupMembers,
  contactGroups,
  contactLabelLinks,
  contactLabels,
  contacts,
  eavAttributes,
  eavChoices,
  eavValues,
  notes,
} from '../db/schema';
import { random } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const FIRST = [
  'James',
  'Maria',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'David',
  'Jennifer',
  'Carlos',
  'Aisha',
  'Wei',
  'Fatima',
  'Daniel',
  'Sofia',
  'Kevin',
  'Priya',
  'Thomas',
  'Grace',
  'Andre',
  'Elena',
  'Marcus',
  'Hannah',
  'Jamal',
  'Olga',
  'Luis',
  'Chloe',
  'Brian',
  'Yuki',
  'Samuel',
  'Amara',
  'Diego',
  'Emily',
  'Omar',
  'Natalie',
  'Victor',
  'Rosa',
  'Ethan',
  'Leah',
  'Hiroshi',
  'Isabel',
] as const;
const LAST = [
  'Johnson',
  'Garcia',
  'Smith',
  'Nguyen',
  'Williams',
  'Martinez',
  'Brown',
  'Kowalski',
  'Davis',
  'Okafor',
  'Miller',
  'Chen',
  'Wilson',
  'Patel',
  'Anderson',
  'Rossi',
  'Thomas',
  'Kim',
  'Jackson',
  'Haddad',
  'White',
  'Lopez',
  'Harris',
  'Novak',
  'Clark',
  'Schmidt',
  'Lewis',
  'Tanaka',
  'Walker',
  'Diaz',
  'Hall',
  "O'Brien",
  'Young',
  'Ivanova',
  'King',
  'Mensah',
  'Wright',
  'Silva',
  'Scott',
  'Murphy',
] as const;
const BUSINESSES = [
  'Lakeview Logistics',
  'Northside Plumbing',
  'Prairie Florists',
  'Riverbend Dental',
  'Summit Roofing',
  'Harbor Catering',
  'Keystone Electric',
  'Maple Street Bakery',
  'Union Fleet Services',
  'Bluebird Daycare',
] as const;
const STREETS = [
  'Oak St',
  'Maple Ave',
  'Lake Shore Dr',
  'Clark St',
  'Halsted St',
  'Elm Ct',
  'Cedar Ln',
  'Main St',
];
const CARRIERS = ['Verizon Wireless', 'AT&T Mobility', 'T-Mobile USA', 'US Cellular'];
const AGE_BANDS = ['21-25', '26-30', '31-35', '36-40', '41-45', '46-50', '51-55', '56-60', '61-65', '65+'];
const TITLES = [
  'Owner',
  'Office Manager',
  'Fleet Manager',
  'Purchasing Lead',
  'Teacher',
  'Nurse',
  'Engineer',
];
const OPTIN_SOURCES = [
  'Website form',
  'Showroom sign-in sheet',
  'Texted JOIN to the sales line',
  'Service desk',
];

interface Place {
  city: string;
  state: string;
  zips: readonly string[];
  areaCodes: readonly string[];
}

interface CompanyPlan {
  companyId: number;
  authorId: number;
  count: number;
  seed: number;
  places: readonly Place[];
  /** Numbers are `+1 <area code> 555 <n>` from this offset, so the two companies never share one. */
  numberOffset: number;
  labels: readonly string[];
  groups: readonly string[];
  fields: readonly FieldPlan[];
  notes: readonly string[];
}

interface FieldPlan {
  entityType: number;
  name: string;
  key: string;
  dataType: CustomFieldDataType;
  description?: string;
  choices?: readonly string[];
  /** A value for a contact, or undefined for none. */
  valueFor?: (rng: ReturnType<typeof random>, index: number) => string | number | boolean | undefined;
}

const CONTACT = CONTACT_ENTITY_TYPE;
const CALL = 6;

const MOTORS: Omit<CompanyPlan, 'companyId' | 'authorId'> = {
  count: 320,
  seed: 20261122,
  numberOffset: 1000,
  places: [
    { city: 'Chicago', state: 'IL', zips: ['60614', '60618', '60640', '60657'], areaCodes: ['312', '773'] },
    { city: 'Naperville', state: 'IL', zips: ['60540', '60563'], areaCodes: ['630'] },
    { city: 'Evanston', state: 'IL', zips: ['60201', '60202'], areaCodes: ['847'] },
  ],
  labels: ['VIP', 'Service customer', 'Lease ending', 'Trade-in', 'Fleet', 'Referred'],
  groups: ['Newsletter', 'Service reminders', 'Spring sales event'],
  fields: [
    {
      entityType: CONTACT,
      name: 'Preferred department',
      key: 'preferred_department',
      dataType: 'enum',
      choices: ['Sales', 'Service', 'Parts'],
      valueFor: (rng) => (rng.chance(0.6) ? rng.pick(['Sales', 'Service', 'Parts']) : undefined),
    },
    {
      entityType: CONTACT,
      name: 'Vehicle of interest',
      key: 'vehicle_of_interest',
      dataType: 'stringText',
      valueFor: (rng) =>
        rng.chance(0.4)
          ? rng.pick([
              '2025 Civic EX',
              '2024 CR-V Hybrid',
              'Used F-150',
              '2025 Model Y',
              'Any SUV under $30k',
            ])
          : undefined,
    },
    {
      entityType: CONTACT,
      name: 'Lease end',
      key: 'lease_end',
      dataType: 'date',
      description: 'When the current lease ends: sales calls two months before.',
      valueFor: (rng) =>
        rng.chance(0.2) ? `2027-${String(1 + Math.floor(rng.next() * 12)).padStart(2, '0')}-15` : undefined,
    },
    {
      entityType: CONTACT,
      name: 'Trade-in value',
      key: 'trade_in_value',
      dataType: 'number',
      valueFor: (rng) => (rng.chance(0.15) ? 2000 + Math.round(rng.next() * 180) * 100 : undefined),
    },
    {
      entityType: CONTACT,
      name: 'Test drive booked',
      key: 'test_drive_booked',
      dataType: 'boolean',
      valueFor: (rng) => (rng.chance(0.3) ? rng.chance(0.5) : undefined),
    },
    {
      entityType: CONTACT,
      name: 'Work phone',
      key: 'work_phone',
      dataType: 'phone',
      valueFor: (rng, index) =>
        rng.chance(0.1) ? `+1312555${String(7000 + index).padStart(4, '0')}` : undefined,
    },
    {
      entityType: CONTACT,
      name: 'Stock number',
      key: 'stock_number',
      dataType: 'stringKeyword',
      valueFor: (rng) => (rng.chance(0.1) ? `STK-${10000 + Math.floor(rng.next() * 9000)}` : undefined),
    },
    {
      entityType: CALL,
      name: 'Department',
      key: 'department',
      dataType: 'enum',
      description: 'Which department the call was for.',
      choices: ['Sales', 'Service', 'Parts', 'Trade', 'Credit', 'Body shop'],
    },
  ],
  notes: [
    'Asked about certified pre-owned SUVs; call back after payday.',
    'Prefers texts over calls.',
    'Brake service due in March.',
    'Wants a trade-in appraisal for a 2016 Accord.',
    'Spoke with the finance manager about lease options.',
  ],
};

const REALTY: Omit<CompanyPlan, 'companyId' | 'authorId'> = {
  count: 120,
  seed: 7_2026,
  numberOffset: 4000,
  places: [
    { city: 'Miami', state: 'FL', zips: ['33130', '33137', '33139'], areaCodes: ['305', '786'] },
    { city: 'Coral Gables', state: 'FL', zips: ['33134', '33146'], areaCodes: ['305'] },
  ],
  labels: ['Buyer', 'Seller', 'Investor', 'Renter'],
  groups: ['Open house visitors', 'Past clients'],
  fields: [
    {
      entityType: CONTACT,
      name: 'Budget',
      key: 'budget',
      dataType: 'number',
      valueFor: (rng) => (rng.chance(0.5) ? 250_000 + Math.round(rng.next() * 30) * 25_000 : undefined),
    },
    {
      entityType: CONTACT,
      name: 'Bedrooms',
      key: 'bedrooms',
      dataType: 'enum',
      choices: ['1', '2', '3', '4+'],
      valueFor: (rng) => (rng.chance(0.5) ? rng.pick(['1', '2', '3', '4+']) : undefined),
    },
    {
      entityType: CONTACT,
      name: 'Pre-approved',
      key: 'pre_approved',
      dataType: 'boolean',
      valueFor: (rng) => (rng.chance(0.4) ? rng.chance(0.6) : undefined),
    },
  ],
  notes: ['Looking near good schools.', 'Wants a waterfront condo.', 'Lease ends in June.'],
};

async function seedCompanyContacts(tx: Tx, plan: CompanyPlan): Promise<void> {
  const rng = random(plan.seed);
  const rows = Array.from({ length: plan.count }, (_, index) => {
    const place = rng.pick(plan.places);
    const business = index % 11 === 5;
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const name = business
      ? (BUSINESSES[((index / 11) % BUSINESSES.length) | 0] ?? 'Acme Co')
      : `${first} ${last}`;
    const emailName = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const optedIn = rng.chance(0.55);
    const source =
      index % 40 === 7 ? 'keyword' : index % 25 === 3 ? 'Migration' : index % 3 === 0 ? 'Import' : 'Manual';
    return {
      company_id: plan.companyId,
      name,
      number: `+1${rng.pick(place.areaCodes)}555${String(plan.numberOffset + index).padStart(4, '0')}`,
      company_name: business ? name : rng.chance(0.2) ? rng.pick(BUSINESSES) : null,
      email: rng.chance(0.75) ? `${business ? 'office' : emailName}${index}@example.com` : null,
      address1: rng.chance(0.6) ? `${100 + Math.floor(rng.next() * 9800)} ${rng.pick(STREETS)}` : null,
      address2: rng.chance(0.1) ? `Apt ${1 + Math.floor(rng.next() * 30)}` : null,
      city: place.city,
      state: place.state,
      zip: rng.pick(place.zips),
      notes: rng.chance(0.1) ? 'Imported from the old CRM.' : null,
      optin_type: optedIn ? rng.pick(['text_to_join', 'point_of_sale', 'other']) : null,
      optin_source: optedIn ? rng.pick(OPTIN_SOURCES) : null,
      alternative_names: !business && rng.chance(0.08) ? [`${first.slice(0, 3)} ${last}`] : [],
      secondary_emails: rng.chance(0.08) ? [`${emailName}.work${index}@example.org`] : [],
      carrier: rng.chance(0.5) ? rng.pick(CARRIERS) : null,
      gender: business ? null : rng.chance(0.7) ? rng.pick(['Male', 'Female', 'Other']) : null,
      age_range: business ? null : rng.chance(0.5) ? rng.pick(AGE_BANDS) : null,
      type: business ? 'Business' : index % 50 === 17 ? 'Other' : 'Person',
      is_invalid: index % 37 === 11,
      is_unsubscribed: index % 19 === 4,
      source,
      custom_country: rng.chance(0.3) ? 'US' : null,
      custom_title: business || rng.chance(0.15) ? rng.pick(TITLES) : null,
      created_by: source === 'Manual' ? plan.authorId : null,
      created_at: new Date(Date.UTC(2026, 0, 1) + index * 9 * 3_600_000),
    };
  });
  const inserted = await tx.insert(contacts).values(rows).returning({ id: contacts.id });
  const contactIds = inserted.map((row) => row.id);

  const labels = await tx
    .insert(contactLabels)
    .values(plan.labels.map((label) => ({ company_id: plan.companyId, label })))
    .returning();
  const labelLinks = contactIds.flatMap((contactId, index) =>
    labels
      .filter((_, labelIndex) => (index + labelIndex * 3) % (5 + labelIndex) === 0)
      .map((label) => ({
        contact_id: contactId,
        label_id: label.id,
      })),
  );
  if (labelLinks.length) await tx.insert(contactLabelLinks).values(labelLinks);

  const groups = await tx
    .insert(contactGroups)
    .values(plan.groups.map((name) => ({ company_id: plan.companyId, name, user_id: plan.authorId })))
    .returning();
  const members = contactIds.flatMap((contactId, index) =>
    groups
      .filter((_, groupIndex) => (index + groupIndex) % (2 + groupIndex) === 0)
      .map((group) => ({
        group_id: group.id,
        contact_id: contactId,
      })),
  );
  if (members.length) await tx.insert(contactGroupMembers).values(members);
  const firstLabel = labels[0];
  if (firstLabel) {
    // A virtual group: whoever carries the first label (VIP / Buyer) and has not unsubscribed.
    await tx.insert(contactGroups).values({
      company_id: plan.companyId,
      name: `${firstLabel.label} (auto)`,
      filters: { labels: [firstLabel.id], unsubscribed: false },
      user_id: plan.authorId,
    });
  }

  for (const [order, field] of plan.fields.entries()) {
    const [attribute] = await tx
      .insert(eavAttributes)
      .values({
        company_id: plan.companyId,
        entity_type: field.entityType,
        name: field.name,
        key: field.key,
        data_type: field.dataType,
        description: field.description ?? null,
        sort_order: order,
      })
      .returning();
    if (!attribute) throw new Error(`seed: custom field ${field.name}`);
    if (field.choices) {
      await tx
        .insert(eavChoices)
        .values(
          field.choices.map((value, index) => ({ attribute_id: attribute.id, value, sort_order: index })),
        );
    }
    const valueFor = field.valueFor;
    if (!valueFor) continue;
    const values = contactIds.flatMap((contactId, index) => {
      const value = valueFor(rng, index);
      return value === undefined
        ? []
        : [
            {
              attribute_id: attribute.id,
              entity_type: CONTACT,
              entity_id: contactId,
              company_id: plan.companyId,
              value,
            },
          ];
    });
    if (values.length) await tx.insert(eavValues).values(values);
  }

  const noteRows = contactIds
    .filter((_, index) => index % 9 === 2)
    .map((contactId, index) => ({
      company_id: plan.companyId,
      model_type: 'contact',
      model_id: contactId,
      user_id: plan.authorId,
      body: plan.notes[index % plan.notes.length] ?? '',
    }));
  if (noteRows.length) await tx.insert(notes).values(noteRows);
}

/** Seeds both demo companies' contacts; `authors` write the notes and own the groups. */
export async function seedDemoContacts(
  tx: Tx,
  companies: { demoMotors: number; demoRealty: number },
  authors: { demoMotors: number; demoRealty: number },
): Promise<void> {
  await seedCompanyContacts(tx, { ...MOTORS, companyId: companies.demoMotors, authorId: authors.demoMotors });
  await seedCompanyContacts(tx, { ...REALTY, companyId: companies.demoRealty, authorId: authors.demoRealty });
}
