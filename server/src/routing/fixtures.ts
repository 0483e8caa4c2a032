/**
 * Builders for routing tests: a tracked number with the §3 default extension config, a 24/7 schedule in New York,
 * three agents, and a caller from Houston — each case changes only what its rule is about.
 */
import { newExtensionConfig } from '@shared/domain/extensions';
import { defaultScheduleSettings } from '@shared/domain/schedule';
import type {
  DialOutcome,
  RoutingAgent,
  RoutingExtension,
  RoutingInput,
  RoutingNumber,
  RoutingSchedule,
  RoutingStep,
} from './types';

export const TRACKED = '+13125550100';
export const CALLER = '+17135550142';
export const SALES = '+13125550111';
export const SERVICE = '+13125550122';
export const PARTS = '+13125550133';
/** Wednesday 4 March 2026, noon in New York (EST). */
export const WEDNESDAY_NOON = new Date('2026-03-04T17:00:00Z');

export const AGENTS: readonly RoutingAgent[] = [
  { id: 11, name: 'Andre Agent', status: 'active', onCall: false, clientIdentity: 'user-11' },
  { id: 12, name: 'Alma Agent', status: 'active', onCall: false, clientIdentity: 'user-12' },
  { id: 13, name: 'Abe Agent', status: 'active', onCall: false, clientIdentity: 'user-13' },
];

/** An extension with the §3 default config; `extension: null` stands for a missing one. */
export function ext(extension: number | null, over: Partial<RoutingExtension> = {}): RoutingExtension {
  return { ...newExtensionConfig(), extension, members: [], ...over };
}

export function phones(...numbers: string[]) {
  return numbers.map((number) => ({ number }));
}

export function agent(id: number, over: Partial<RoutingAgent>): RoutingAgent {
  const base = AGENTS.find((candidate) => candidate.id === id);
  if (!base) throw new Error(`no agent ${id}`);
  return { ...base, ...over };
}

export const NUMBER: RoutingNumber = {
  id: 7,
  number: TRACKED,
  routes: [ext(1, { label: 'Sales', forwards: phones(SALES) })],
  greeting: null,
  voicemail: {
    greeting: { text: 'Demo Motors. Please leave a message.' },
    email_alert_address: 'desk@demo.test',
  },
  recording_enabled: false,
  call_transcription_enabled: false,
};

/** A menu of three departments. */
export const MENU_ROUTES: readonly RoutingExtension[] = [
  ext(1, { label: 'Sales', forwards: phones(SALES) }),
  ext(2, { label: 'Service', forwards: phones(SERVICE) }),
  ext(3, { label: 'Parts', forwards: phones(PARTS) }),
];

export interface CallOptions extends Partial<Omit<RoutingInput, 'number' | 'schedule'>> {
  number?: Partial<RoutingNumber>;
  schedule?: Partial<RoutingSchedule>;
}

export function call(options: CallOptions = {}): RoutingInput {
  const { number, schedule, ...rest } = options;
  return {
    number: { ...NUMBER, ...number },
    schedule: { ...defaultScheduleSettings('America/New_York'), ...schedule },
    blocks: [],
    agents: AGENTS,
    roundRobin: {},
    caller: { number: CALLER, state: 'TX' },
    now: WEDNESDAY_NOON,
    step: { kind: 'start' },
    ...rest,
  };
}

export function pressed(digits: string, attempt = 1): RoutingStep {
  return { kind: 'after-gather', attempt, digits };
}

export function dialEnded(
  extension: number,
  outcome: DialOutcome,
  attempt = 0,
  tried: number[] = [],
): RoutingStep {
  return { kind: 'after-dial', extension, attempt, tried, outcome };
}

/** Events as `toMatchObject` compares them: by status, in order. */
export function events(...statuses: number[]) {
  return statuses.map((status) => ({ status }));
}
