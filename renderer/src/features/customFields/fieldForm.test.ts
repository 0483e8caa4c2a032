import type { CustomField } from '@shared/api/customFields';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  changeDataType,
  defaultChoices,
  FieldFormSchema,
  isPlaced,
  moveChoice,
  removeChoice,
  removedWithValues,
  renameChoice,
  valuesOf,
} from './fieldForm';

const FIELD: CustomField = {
  id: 9,
  company_id: 1,
  entity_type: 7,
  name: 'Trade-in',
  key: 'trade_in',
  data_type: 'enum',
  description: null,
  required: true,
  default_value: 'Soon',
  sort_order: 0,
  choices: [
    { id: 1, value: 'Soon', sort_order: 0, description: null },
    { id: 2, value: 'Later', sort_order: 1, description: null },
  ],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('the custom field form', () => {
  it('starts from the field, and sends the body the contract takes', () => {
    const values = valuesOf(FIELD);
    expect(values).toMatchObject({
      name: 'Trade-in',
      description: '',
      required: true,
      default_value: 'Soon',
    });
    expect(bodyOf(values)).toEqual({
      name: 'Trade-in',
      data_type: 'enum',
      description: null,
      required: true,
      default_value: 'Soon',
      choices: [
        { id: 1, value: 'Soon', sort_order: 0, description: null },
        { id: 2, value: 'Later', sort_order: 1, description: null },
      ],
    });
    // Another type sends no choices, and an empty default is none.
    expect(bodyOf({ ...values, data_type: 'stringText', default_value: '' })).toMatchObject({
      choices: undefined,
      default_value: null,
    });
  });

  it('is checked with the contract: a blank name is refused with its message', () => {
    const checked = FieldFormSchema.safeParse({ ...valuesOf(null), name: '   ' });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Name the field.' });
    expect(FieldFormSchema.safeParse({ ...valuesOf(null), name: 'Lead score' }).success).toBe(true);
  });

  it('keeps the default in step with the choice it names', () => {
    const values = valuesOf(FIELD);
    expect(renameChoice(values, 0, 'Very soon').default_value).toBe('Very soon');
    expect(renameChoice(values, 1, 'Much later').default_value).toBe('Soon');
    expect(removeChoice(values, 0)).toMatchObject({ default_value: null, choices: [{ value: 'Later' }] });
    expect(removeChoice(values, 1).default_value).toBe('Soon');
  });

  it('moves choices, and starts a choice list with one empty choice', () => {
    const { choices } = valuesOf(FIELD);
    expect(moveChoice(choices, 1, -1).map((choice) => choice.value)).toEqual(['Later', 'Soon']);
    const text = valuesOf(null);
    expect(changeDataType(text, 'enum')).toMatchObject({ default_value: null, choices: [{ value: '' }] });
    expect(changeDataType(valuesOf(FIELD), 'number').choices).toHaveLength(2);
  });

  it('offers each spelled choice once as a default, and says which removed choices records use', () => {
    const { choices } = valuesOf(FIELD);
    const repeated = [...choices, { ...choices[0], key: 99, id: undefined, value: ' Soon ' }];
    expect(defaultChoices(repeated as typeof choices).map((choice) => choice.value)).toEqual([
      'Soon',
      'Later',
    ]);
    const kept = { data_type: 'enum' as const, choices: choices.slice(1) };
    expect(removedWithValues(FIELD, kept, [{ value: 'Soon', count: 3 }])).toEqual([
      { value: 'Soon', count: 3 },
    ]);
    expect(removedWithValues(FIELD, kept, [])).toEqual([]);
  });

  it('places the server’s messages beside the fields it shows', () => {
    expect(['name', 'default_value', 'choices', 'choices.2.value', 'choices.0.id'].every(isPlaced)).toBe(
      true,
    );
    expect(isPlaced('entity_type')).toBe(false);
    expect(isPlaced('choices.1.sort_order')).toBe(false);
  });
});
