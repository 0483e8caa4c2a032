import { describe, expect, it } from 'vitest';
import {
  changedFields,
  formFieldOf,
  INVALID_NUMBER_MESSAGE,
  toFormValues,
  toInput,
  validateContactForm,
} from './contactForm';
import { SAMPLE } from './sampleContact';

describe('the contact form', () => {
  it('shows the number formatted and sends it in E.164', () => {
    const values = toFormValues(SAMPLE);
    expect(values.number).toBe('(415) 555-2671');
    expect(toInput(values).number).toBe('+14155552671');
  });

  it('sends only what changed', () => {
    const before = toInput(toFormValues(SAMPLE));
    const values = { ...toFormValues(SAMPLE), name: ' Ada King ', city: '', labels: ['3', '5'] };
    expect(changedFields(before, toInput(values))).toEqual({ name: 'Ada King', city: null, labels: [3, 5] });
  });

  it('does not count reordered ids or unset custom values as changes', () => {
    const contact = { ...SAMPLE, groups: [...SAMPLE.groups, { id: 2, name: 'Sellers' }] };
    const before = toInput(toFormValues(contact));
    const values = {
      ...toFormValues(contact),
      groups: ['2', '4'],
      eavAttributeValues: [...SAMPLE.eavAttributeValues, { attribute_id: 9, value: null }],
    };
    expect(changedFields(before, toInput(values))).toEqual({});
  });

  it('checks the fields with the contract and the number with normalizePhone', () => {
    expect(validateContactForm(toFormValues(SAMPLE))).toEqual({});
    const errors = validateContactForm({
      ...toFormValues(SAMPLE),
      name: '  ',
      number: '12',
      email: 'not-an-email',
      secondary_emails: ['x'],
    });
    expect(errors.name).toBe('Enter a name.');
    expect(errors.number).toBe(INVALID_NUMBER_MESSAGE);
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.secondary_emails).toBe('Enter a valid email address.');
  });

  it('maps error paths onto form fields', () => {
    expect(formFieldOf('custom.country')).toBe('country');
    expect(formFieldOf('labels.0')).toBe('labels');
    expect(formFieldOf('eavAttributeValues.2')).toBe('eavAttributeValues');
    expect(formFieldOf('number')).toBe('number');
    expect(formFieldOf('')).toBeNull();
    expect(formFieldOf('password')).toBeNull();
  });
});
