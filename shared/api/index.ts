/** The API contract and the general behaviour every call shares (spec §7 General behaviour, §8). */
import { AUTH_ENDPOINTS } from './auth';
import type { Endpoint } from './contract';

export * from './auth';
export * from './company';
export * from './contract';
export * from './errors';
export * from './paged';
export * from './query';

/** Every endpoint of the contract, by area. Each area's issue adds its table here. */
export const CONTRACT = { auth: AUTH_ENDPOINTS } as const satisfies Record<string, Record<string, Endpoint>>;
