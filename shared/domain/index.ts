/**
 * The product's codes, rules and constants (spec §3, §4, §5, §8, §9), pure TypeScript.
 * This module's exports are a public contract: other programs and outside checks import them by name.
 */
export * from './alerts';
export * from './analytics';
export * from './auth';
export * from './batches';
export * from './billing';
export * from './calls';
export * from './campaignSending';
export * from './campaigns';
export * from './codes';
export * from './contacts';
export * from './customFields';
export * from './dataTags';
export * from './extensions';
export * from './flash';
export * from './integrations';
export * from './limits';
export * from './messages';
export * from './messaging';
export * from './numbers';
export * from './permissions';
export * from './phone';
export * from './registration';
export * from './schedule';
export * from './sms';
export * from './time';
export * from './url';
export * from './users';
