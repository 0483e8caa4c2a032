/** Custom fields (EAV attributes) (§3). */
import { codes } from './codes';

/** §3 "data types boolean, date, enum, number, phone, stringText, stringKeyword". */
export const CUSTOM_FIELD_DATA_TYPES = codes([
  { value: 'boolean', label: 'Yes / No' },
  { value: 'date', label: 'Date' },
  { value: 'enum', label: 'Choice list' },
  { value: 'number', label: 'Number' },
  { value: 'phone', label: 'Phone number' },
  { value: 'stringText', label: 'Text' },
  { value: 'stringKeyword', label: 'Keyword' },
]);
export type CustomFieldDataType = (typeof CUSTOM_FIELD_DATA_TYPES)[number]['value'];

/** §3 "Entity types: number 1, company 2, tracking pool 3, organization 4, user 5, call 6, contact 7." */
export const CUSTOM_FIELD_ENTITY_TYPES = codes([
  { value: 1, label: 'Number' },
  { value: 2, label: 'Company' },
  { value: 3, label: 'Tracking pool' },
  { value: 4, label: 'Organization' },
  { value: 5, label: 'User' },
  { value: 6, label: 'Call' },
  { value: 7, label: 'Contact' },
]);
export type CustomFieldEntityType = (typeof CUSTOM_FIELD_ENTITY_TYPES)[number]['value'];
