/** The API contract and the general behaviour every call shares (spec §7 General behaviour, §8). */
import { API_KEY_ENDPOINTS } from './apiKeys';
import { AUTH_ENDPOINTS } from './auth';
import { BUSINESS_UNIT_ENDPOINTS } from './businessUnits';
import { COMPANY_ENDPOINTS } from './companies';
import type { Endpoint } from './contract';
import { REALTIME_ENDPOINTS } from './realtime';
import { TENANT_ENDPOINTS } from './tenant';
import { USER_ENDPOINTS } from './users';

export * from './apiKeys';
export * from './auth';
export * from './businessUnits';
export * from './companies';
export * from './company';
export * from './contract';
export * from './errors';
export * from './paged';
export * from './query';
export * from './realtime';
export * from './tenant';
export * from './users';

/** Every endpoint of the contract, by area. Each area's issue adds its table here. */
export const CONTRACT = {
  auth: AUTH_ENDPOINTS,
  companies: COMPANY_ENDPOINTS,
  users: USER_ENDPOINTS,
  tenant: TENANT_ENDPOINTS,
  realtime: REALTIME_ENDPOINTS,
  apiKeys: API_KEY_ENDPOINTS,
  businessUnits: BUSINESS_UNIT_ENDPOINTS,
} as const satisfies Record<string, Record<string, Endpoint>>;
