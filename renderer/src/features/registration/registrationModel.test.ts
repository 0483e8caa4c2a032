import { describe, expect, it } from 'vitest';
import { fieldLabel, formFieldOf, stepOfField, WIZARD_STEPS } from './registrationModel';

describe('a rejection’s field leads to the step that fixes it', () => {
  it.each([
    ['brand.website', 'Business'],
    ['brand.email', 'Contact'],
    ['campaign.privacy_policy_url', 'Campaign'],
    ['campaign.sample_messages.1', 'Opt-in & samples'],
    ['campaign.optins.0.supporting_file_ids', 'Opt-in & samples'],
    ['campaign.numbers', 'Numbers'],
    ['confirm_fee_cents', 'Check & submit'],
  ])('%s → %s', (field, step) => expect(WIZARD_STEPS[stepOfField(field)]?.label).toBe(step));
});

describe('field words', () => {
  it.each([
    ['campaign.sample_messages.1', 'Sample message 2'],
    ['campaign.optins.0', 'Opt-in 1'],
    ['brand.ein', 'EIN'],
    ['brand.legal_name', 'Legal name'],
  ])('%s → %s', (field, label) => expect(fieldLabel(field)).toBe(label));
  it.each([
    ['campaign.sample_messages.0', 'sample_messages.0.text'],
    ['brand.website', 'website'],
  ])('%s is the form’s %s', (field, name) => expect(formFieldOf(field)).toBe(name));
});
