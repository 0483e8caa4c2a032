/** Calls: event statuses, outcomes, transcription speakers and the dealer codes (§3, §4). */
import { codes } from './codes';

/** §4 "Call event statuses: 1 Started, 2 Extension Selected, 3 Hangup, 4 Voicemail, 5 No Answer, 6 Received,
 * 7 Rejected, 8 No Answer, 9 Answered Already, 10 Missed, 11 Hangup, 12 Connected, 13 Blocked." */
export const CALL_EVENT_STATUSES = codes([
  { value: 1, label: 'Started' },
  { value: 2, label: 'Extension Selected' },
  { value: 3, label: 'Hangup' },
  { value: 4, label: 'Voicemail' },
  { value: 5, label: 'No Answer' },
  { value: 6, label: 'Received' },
  { value: 7, label: 'Rejected' },
  { value: 8, label: 'No Answer' },
  { value: 9, label: 'Answered Already' },
  { value: 10, label: 'Missed' },
  { value: 11, label: 'Hangup' },
  { value: 12, label: 'Connected' },
  { value: 13, label: 'Blocked' },
]);
export type CallEventStatus = (typeof CALL_EVENT_STATUSES)[number]['value'];

/** §3 "Outcome: none 0, answered 1, missed 2, voicemail 3, blocked 4." */
export const CALL_OUTCOMES = codes([
  { value: 0, label: 'None' },
  { value: 1, label: 'Answered' },
  { value: 2, label: 'Missed' },
  { value: 3, label: 'Voicemail' },
  { value: 4, label: 'Blocked' },
]);
export type CallOutcome = (typeof CALL_OUTCOMES)[number]['value'];

/** §3 "Qualification: qualified 1, not qualified 2, lead 3." */
export const CALL_QUALIFICATIONS = codes([
  { value: 1, label: 'Qualified' },
  { value: 2, label: 'Not qualified' },
  { value: 3, label: 'Lead' },
]);
export type CallQualification = (typeof CALL_QUALIFICATIONS)[number]['value'];

/** §3 "Speaker: mixed 0, agent 1, client 2." */
export const SPEAKERS = codes([
  { value: 0, label: 'Mixed' },
  { value: 1, label: 'Agent' },
  { value: 2, label: 'Client' },
]);
export type Speaker = (typeof SPEAKERS)[number]['value'];

/** §3 "transcription (id, state loading or complete, …)". */
export const TRANSCRIPTION_STATES = codes([
  { value: 'loading', label: 'Transcribing…' },
  { value: 'complete', label: 'Complete' },
]);

/** §3 "Activity types: calls, messages, faxes, voicemails." */
export const ACTIVITY_TYPES = codes([
  { value: 'calls', label: 'Calls' },
  { value: 'messages', label: 'Messages' },
  { value: 'faxes', label: 'Faxes' },
  { value: 'voicemails', label: 'Voicemails' },
]);
export type ActivityType = (typeof ACTIVITY_TYPES)[number]['value'];

/** §3 "Call state: unknown, connected, rejected, received, missed." */
export const CALL_STATES = codes([
  { value: 'unknown', label: 'Unknown' },
  { value: 'connected', label: 'Connected' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'received', label: 'Received' },
  { value: 'missed', label: 'Missed' },
]);
export type CallState = (typeof CALL_STATES)[number]['value'];

/** §3 "Department: sales, service, parts, trade, credit, body_shop, admin, accessories, hr, custom_shop, rentals,
 * unknown, quick_lube." */
export const DEPARTMENTS = codes([
  { value: 'sales', label: 'Sales' },
  { value: 'service', label: 'Service' },
  { value: 'parts', label: 'Parts' },
  { value: 'trade', label: 'Trade' },
  { value: 'credit', label: 'Credit' },
  { value: 'body_shop', label: 'Body shop' },
  { value: 'admin', label: 'Admin' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'hr', label: 'HR' },
  { value: 'custom_shop', label: 'Custom shop' },
  { value: 'rentals', label: 'Rentals' },
  { value: 'unknown', label: 'Unknown' },
  { value: 'quick_lube', label: 'Quick lube' },
]);
export type Department = (typeof DEPARTMENTS)[number]['value'];

/** §3 "Call outcome (dealer): appt_booked, vehicle_ordered, parts_ordered, get_back_commitment, not_opportunity,
 * opportunity, unknown." */
export const DEALER_CALL_OUTCOMES = codes([
  { value: 'appt_booked', label: 'Appointment booked' },
  { value: 'vehicle_ordered', label: 'Vehicle ordered' },
  { value: 'parts_ordered', label: 'Parts ordered' },
  { value: 'get_back_commitment', label: 'Get-back commitment' },
  { value: 'not_opportunity', label: 'Not an opportunity' },
  { value: 'opportunity', label: 'Opportunity' },
  { value: 'unknown', label: 'Unknown' },
]);
export type DealerCallOutcome = (typeof DEALER_CALL_OUTCOMES)[number]['value'];
