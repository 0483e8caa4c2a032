/**
 * A call under way, as the `calls.live` column keeps it between carrier callbacks and agents' clicks: where
 * routing stands, who is ringing, who declined, hold and transfer. Null once the call has ended. Both carriers
 * keep it (Twilio's resume state also travels in its callback URLs; the sandbox has nothing else).
 * The shape is the column's, so it is defined with the schema (db/schema/liveCall.ts); the voice module takes it
 * from here.
 */
export type { LiveCall, LiveConference, LiveDigits, LivePhase, LiveTransfer } from '../../db/schema/liveCall';
