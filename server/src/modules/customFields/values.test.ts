/**
 * The custom values service: every data type with good and bad values, required fields, unknown attributes and
 * another company's attributes; writing, reading and deleting values of many records.
 */
import type { CustomFieldDataType } from '@shared/domain/customFields';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eavAttributes, eavChoices, eavValues } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/testApp';
import {
  checkValues,
  checkValuesOrThrow,
  deleteValues,
  loadFieldRules,
  readValues,
  writeValues,
} from './values';

let t: TestApp;
/** Tracking pools (3): no seeded custom fields there, so the rules are exactly the ones made here. */
const TYPE = 3;
const ids: Partial<Record<CustomFieldDataType | 'required' | 'foreign', number>> = {};

async function attribute(
  companyId: number,
  name: string,
  data_type: CustomFieldDataType,
  extra: { required?: boolean; choices?: string[] } = {},
): Promise<number> {
  const [row] = await t.ctx.db
    .insert(eavAttributes)
    .values({
      company_id: companyId,
      entity_type: TYPE,
      name,
      key: name.toLowerCase().replace(/\W+/g, '_'),
      data_type,
      required: extra.required ?? false,
    })
    .returning();
  const id = row?.id ?? 0;
  if (extra.choices?.length) {
    await t.ctx.db
      .insert(eavChoices)
      .values(extra.choices.map((value, sort_order) => ({ attribute_id: id, value, sort_order })));
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const motors = t.ids.companies.demoMotors;
  ids.boolean = await attribute(motors, 'Values boolean', 'boolean');
  ids.date = await attribute(motors, 'Values date', 'date');
  ids.enum = await attribute(motors, 'Values enum', 'enum', { choices: ['Gold', 'Silver'] });
  ids.number = await attribute(motors, 'Values number', 'number');
  ids.phone = await attribute(motors, 'Values phone', 'phone');
  ids.stringText = await attribute(motors, 'Values text', 'stringText');
  ids.stringKeyword = await attribute(motors, 'Values keyword', 'stringKeyword');
  ids.required = await attribute(motors, 'Values required', 'stringKeyword', { required: true });
  ids.foreign = await attribute(t.ids.companies.otherCo, 'Values foreign', 'stringKeyword');
});
afterAll(() => t.close());

const rules = () => loadFieldRules(t.ctx.db, t.ids.companies.demoMotors, TYPE);

const CASES: { type: CustomFieldDataType; good: [unknown, unknown][]; bad: [unknown, RegExp][] }[] = [
  {
    type: 'boolean',
    good: [
      [true, true],
      [false, false],
      ['yes', true],
      ['No', false],
      ['1', true],
      ['off', false],
    ],
    bad: [
      ['maybe', /yes or no/],
      [2, /yes or no/],
    ],
  },
  {
    type: 'date',
    good: [
      ['2024-03-01', '2024-03-01'],
      ['2024-02-29T10:00:00Z', '2024-02-29'],
    ],
    bad: [
      ['2023-02-29', /YYYY-MM-DD/],
      ['03/01/2024', /YYYY-MM-DD/],
      ['2024-03-01x', /YYYY-MM-DD/],
    ],
  },
  {
    type: 'enum',
    good: [
      ['Gold', 'Gold'],
      ['silver', 'Silver'],
    ],
    bad: [['Bronze', /Choose one of: Gold, Silver/]],
  },
  {
    type: 'number',
    good: [
      [12.5, 12.5],
      ['1,200', 1200],
      ['-3', -3],
    ],
    bad: [
      ['twelve', /number/],
      ['1e999', /number/],
    ],
  },
  {
    type: 'phone',
    good: [
      ['(415) 555-2671', '+14155552671'],
      ['+1 646 555 0123', '+16465550123'],
    ],
    bad: [
      ['12345', /valid phone/],
      ['not a phone', /valid phone/],
    ],
  },
  {
    type: 'stringText',
    good: [
      ['  Several words here  ', 'Several words here'],
      ['x'.repeat(1000), 'x'.repeat(1000)],
    ],
    bad: [['x'.repeat(1001), /at most 1000/]],
  },
  {
    type: 'stringKeyword',
    good: [
      ['vip', 'vip'],
      [42, '42'],
    ],
    bad: [
      ['two words', /one word/],
      ['x'.repeat(101), /at most 100/],
    ],
  },
];

describe('checkValues by data type', () => {
  for (const { type, good, bad } of CASES) {
    it.each(good)(`${type}: %j is accepted as %j`, async (input, expected) => {
      const id = ids[type] as number;
      const result = checkValues(await rules(), [{ attribute_id: id, value: input as never }]);
      expect(result.errors).toEqual({});
      expect(result.values).toEqual([{ attribute_id: id, value: expected }]);
    });
    it.each(bad)(`${type}: %j is refused`, async (input, message) => {
      const id = ids[type] as number;
      const result = checkValues(await rules(), [
        { attribute_id: ids.stringKeyword as number, value: 'fine' },
        { attribute_id: id, value: input as never },
      ]);
      expect(result.values).toHaveLength(1);
      expect(Object.keys(result.errors)).toEqual(['eavAttributeValues.1']);
      expect(result.errors['eavAttributeValues.1']?.[0]).toMatch(message);
    });
    it(`${type}: empty means no value`, async () => {
      const id = ids[type] as number;
      for (const empty of [null, '', '   ']) {
        const result = checkValues(await rules(), [{ attribute_id: id, value: empty }]);
        expect(result).toEqual({ values: [{ attribute_id: id, value: null }], errors: {} });
      }
    });
  }
});

describe('checkValues rules', () => {
  it('a required field cannot be emptied, and is reported missing from a complete record', async () => {
    const required = ids.required as number;
    const emptied = checkValues(await rules(), [{ attribute_id: required, value: '' }]);
    expect(emptied.errors).toEqual({ 'eavAttributeValues.0': ['Values required is required.'] });

    const missing = checkValues(await rules(), [{ attribute_id: ids.number as number, value: 3 }], {
      complete: true,
    });
    expect(missing.errors).toEqual({ [`eavAttributeValues.${required}`]: ['Values required is required.'] });
    // Updating a record (not complete): fields left out are left alone.
    expect(checkValues(await rules(), [{ attribute_id: ids.number as number, value: 3 }]).errors).toEqual({});
  });

  it('an unknown attribute, or one of another company, does not exist here', async () => {
    const result = checkValues(await rules(), [
      { attribute_id: 999_999, value: 'x' },
      { attribute_id: ids.foreign as number, value: 'x' },
    ]);
    expect(result.values).toEqual([]);
    expect(result.errors).toEqual({
      'eavAttributeValues.0': ['This custom field does not exist here.'],
      'eavAttributeValues.1': ['This custom field does not exist here.'],
    });
  });

  it('an attribute of another entity type does not exist here', async () => {
    const contactRules = await loadFieldRules(t.ctx.db, t.ids.companies.demoMotors, 7);
    expect(checkValues(contactRules, [{ attribute_id: ids.number as number, value: 1 }]).errors).toEqual({
      'eavAttributeValues.0': ['This custom field does not exist here.'],
    });
  });

  it('checkValuesOrThrow answers a 422 with the messages', async () => {
    const all = await rules();
    expect(() => checkValuesOrThrow(all, [{ attribute_id: ids.number as number, value: 'x' }])).toThrow(
      expect.objectContaining({
        status: 422,
        errors: { 'eavAttributeValues.0': ['Values number: Enter a number.'] },
      }),
    );
    expect(checkValuesOrThrow(all, [{ attribute_id: ids.number as number, value: '7' }])).toEqual([
      { attribute_id: ids.number, value: 7 },
    ]);
  });
});

describe('writing, reading and deleting values', () => {
  const target = () => ({ companyId: t.ids.companies.demoMotors, entityType: TYPE });
  const stored = (entityId: number) =>
    t.ctx.db
      .select()
      .from(eavValues)
      .where(and(eq(eavValues.entity_type, TYPE), eq(eavValues.entity_id, entityId)));

  it('writes values of many records, replaces them, removes them with null, and leaves others alone', async () => {
    const [a, b] = [880_001, 880_002];
    await writeValues(t.ctx.db, target(), [
      {
        entityId: a,
        values: [
          { attribute_id: ids.number as number, value: 5 },
          { attribute_id: ids.boolean as number, value: true },
        ],
      },
      { entityId: b, values: [{ attribute_id: ids.enum as number, value: 'Gold' }] },
    ]);
    let read = await readValues(t.ctx.db, TYPE, [a, b, 880_003]);
    expect(read.get(a)).toEqual(
      expect.arrayContaining([
        { attribute_id: ids.number, value: 5 },
        { attribute_id: ids.boolean, value: true },
      ]),
    );
    expect(read.get(b)).toEqual([{ attribute_id: ids.enum, value: 'Gold' }]);
    expect(read.has(880_003)).toBe(false);

    await writeValues(t.ctx.db, target(), [
      {
        entityId: a,
        values: [
          { attribute_id: ids.number as number, value: 6 },
          { attribute_id: ids.boolean as number, value: null },
        ],
      },
    ]);
    read = await readValues(t.ctx.db, TYPE, [a, b]);
    expect(read.get(a)).toEqual([{ attribute_id: ids.number, value: 6 }]);
    expect(read.get(b)).toEqual([{ attribute_id: ids.enum, value: 'Gold' }]);
    expect((await stored(a))[0]?.company_id).toBe(t.ids.companies.demoMotors);

    await deleteValues(t.ctx.db, TYPE, [a]);
    expect(await stored(a)).toEqual([]);
    expect(await stored(b)).toHaveLength(1);
    expect((await readValues(t.ctx.db, TYPE, [])).size).toBe(0);
  });

  it('reads only values of the entity type asked for', async () => {
    await writeValues(t.ctx.db, target(), [
      { entityId: 880_010, values: [{ attribute_id: ids.stringKeyword as number, value: 'pool' }] },
    ]);
    expect((await readValues(t.ctx.db, 7, [880_010])).size).toBe(0);
    expect((await readValues(t.ctx.db, TYPE, [880_010])).get(880_010)).toEqual([
      { attribute_id: ids.stringKeyword, value: 'pool' },
    ]);
  });
});
