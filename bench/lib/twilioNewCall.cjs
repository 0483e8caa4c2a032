/**
 * autocannon's `setupRequest` for bench/routing.ts, loaded by path in autocannon's worker thread (so the load is
 * generated off the server's event loop, and a busy loop cannot delay a send and hide its wait). Each request is
 * a new call to BENCH_TWILIO_TO, signed as Twilio signs it (the SDK's own function) for BENCH_TWILIO_URL with
 * BENCH_TWILIO_TOKEN. BENCH_TWILIO_RUN (a number) keeps the CallSids of successive runs on one database apart;
 * callers are new New York numbers (each call makes its contact, the worst case), up to 100,000 a run.
 */
const twilio = require('twilio');

const { BENCH_TWILIO_URL: url, BENCH_TWILIO_TOKEN: token, BENCH_TWILIO_TO: to } = process.env;
const run = String(process.env.BENCH_TWILIO_RUN ?? '0').padStart(4, '0');
let seq = 0;

module.exports = function signedNewCall(request) {
  seq += 1;
  const params = {
    CallSid: `CA${run}${String(seq).padStart(28, '0')}`,
    AccountSid: 'AC00000000000000000000000000000000',
    From: `+1212${2_000_000 + Number(run) * 100_000 + seq}`,
    To: to,
    FromState: 'NY',
    CallStatus: 'ringing',
  };
  return {
    ...request,
    body: new URLSearchParams(params).toString(),
    headers: {
      ...request.headers,
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(token, url, params),
    },
  };
};
