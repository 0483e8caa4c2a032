/**
 * Demo activity for Demo Motors over the four months before SEED_ANCHOR: about 600 calls (mostly answered, some
 * missed, voicemails, a few blocked spam calls and outbound calls), the voicemails left on them, and 15 faxes on
 * a fax number this seed adds (+1 312 555 0105, type 3). Callers are seeded contacts (often the other party of a
 * seeded text thread) or unknown 555-01xx numbers (0121–0169); a caller's first call is `first_time`. Answered
 * calls mostly have a recording (`demo/…`: the recordings route plays a short tone for those, no files are
 * written), a quarter of those before the last day a complete transcription with agent and client segments. No
 * seeded call is 'loading' (transcribing): the history is days old when anyone looks, and nothing would finish it.
 *
 * A call, voicemail or fax with someone who has a text thread on that number also shows in the thread, as an
 * item of its kind with `record_id` — only those not newer than the thread's last item, so the inbox order and
 * unread counts the conversation seed set stay as they are. Fixed PRNG, fixed anchor, batch inserts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  calls,
  type calls as callsTable,
  contacts,
  conversationItems,
  conversations,
  faxes,
  numbers,
  type TranscriptSegment,
  voicemails,
} from '../db/schema';
import { SEED_ANCHOR } from './conversations';
import { demoMotorsClosedAt, seededMissedCall } from './missedCalls';
import type { DemoNumbers } from './numbers';
import { random } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const CALL_COUNT = 600;
const FAX_COUNT = 15;
export const DEMO_FAX_NUMBER = '+13125550105';

const CONVERSATION_SCRIPTS: [agent: string, client: string][][] = [
  [
    ['Thank you for calling Demo Motors, this is {agent}, how can I help?', ''],
    ['', 'Hi, I saw a used Camry on your website and wanted to know if it is still there.'],
    ['Let me check… yes, the 2020 Camry SE is still on the lot.', ''],
    ['', 'Great, could I come for a test drive tomorrow afternoon?'],
    ['Of course, I have you down for 3 pm tomorrow.', ''],
  ],
  [
    ['Demo Motors service, {agent} speaking.', ''],
    ['', 'My check engine light came on this morning, can you take a look?'],
    ['We can fit you in Thursday at 8 am for a diagnostic.', ''],
    ['', 'Thursday works. How long does it take?'],
    ['About an hour, and the diagnostic fee goes toward the repair.', ''],
  ],
  [
    ['Demo Motors, this is {agent}.', ''],
    ['', 'I would like to know what you would give me for my 2016 Accord as a trade-in.'],
    ['Bring it by and we will appraise it in about twenty minutes.', ''],
    ['', 'OK, I will come Saturday morning.'],
  ],
  [
    ['Parts department, {agent} speaking.', ''],
    ['', 'Do you have front brake pads for a 2019 F-150 in stock?'],
    ['We do, both the standard and the ceramic ones.', ''],
    ['', 'Please put the ceramic ones aside, I will pick them up today.'],
  ],
];

const VOICEMAILS = [
  'Hi, this is about the SUV I looked at last week, please call me back when you can.',
  'Hello, I am calling to reschedule my service appointment for Friday. Thanks.',
  'Hi, I wanted to ask about financing options for the truck on your website. Call me back please.',
  'This is a message for the parts department, I need a quote on a windshield. Thank you.',
  'Hey, just checking whether my car is ready to pick up. Give me a call.',
];

const CALL_TAGS = ['test-drive', 'trade-in', 'finance', 'service-appt', 'parts'];
const CALL_NOTES = [
  'Wants a callback after 5 pm.',
  'Interested in the certified pre-owned program.',
  'Asked about the winter tire package.',
  'Price shopping; sent the internet price by text.',
];

interface Plan {
  row: typeof callsTable.$inferInsert;
  remote: string;
  voicemail?: { duration: number; text: string; at: Date };
}

export async function seedDemoActivity(
  tx: Tx,
  companyId: number,
  demoNumbers: DemoNumbers,
  users: { admin: number; agent: number; agent2: number },
): Promise<{ faxNumber: number }> {
  const rng = random(20261120);
  // Why missed calls went unanswered: drawn apart, so `rng`'s sequence (and every seeded row) is as it was.
  const why = random(20261125);
  const [fax] = await tx
    .insert(numbers)
    .values({
      company_id: companyId,
      number: DEMO_FAX_NUMBER,
      label: 'Fax',
      type: 3,
      sms_enabled: false,
      tags: ['fax'],
    })
    .returning({ id: numbers.id });
  if (!fax) throw new Error('seed: fax number');
  const numberRows = await tx
    .select({ id: numbers.id, number: numbers.number, tags: numbers.tags })
    .from(numbers)
    .where(eq(numbers.company_id, companyId));
  const numberById = new Map(numberRows.map((row) => [row.id, row]));
  const contactRows = await tx
    .select({ id: contacts.id, number: contacts.number })
    .from(contacts)
    .where(eq(contacts.company_id, companyId));
  const contactByNumber = new Map(contactRows.map((row) => [row.number, row.id]));
  const threads = await tx
    .select({
      id: conversations.id,
      number_id: conversations.number_id,
      recipient: conversations.recipient,
      last: conversations.last_item_at,
    })
    .from(conversations)
    .where(and(eq(conversations.company_id, companyId), eq(conversations.blocked, false)));
  const threadOf = new Map(threads.map((row) => [`${row.number_id} ${row.recipient}`, row]));

  const voiceLines = [
    demoNumbers.motorsMain,
    demoNumbers.motorsMain,
    demoNumbers.motorsSales,
    demoNumbers.motorsSales,
    demoNumbers.motorsService,
    demoNumbers.motorsTollFree,
    demoNumbers.motorsInApp,
  ];
  const agents = [
    { id: users.agent, name: 'Aria' },
    { id: users.agent, name: 'Aria' },
    { id: users.agent2, name: 'Andre' },
    { id: users.admin, name: 'Adam' },
  ];
  // Fictional 555-0121 … 555-0169 numbers (ten digits, so valid E.164): 0100–0120 are the seeded tracked lines
  // and 0170 and up the conversation seed's unknown texters, so a stranger is never one of those.
  const strangers = Array.from(
    { length: 60 },
    () => `+1${rng.pick(['312', '773', '847', '630', '708'])}55501${rng.int(21, 69)}`,
  );
  const unknown = () => rng.pick(strangers);
  // Regular callers: a slice of the contacts, so many callers call more than once.
  const regulars = contactRows.slice(0, 150);

  const plans: Plan[] = [];
  for (let n = 0; n < CALL_COUNT; n++) {
    const start = new Date(SEED_ANCHOR.getTime() - rng.int(30, 120 * 24 * 60) * MINUTE);
    let numberId = rng.pick(voiceLines);
    let remote: string;
    const roll = rng.next();
    if (roll < 0.3 && threads.length) {
      const thread = rng.pick(threads);
      numberId = thread.number_id;
      remote = thread.recipient;
    } else if (roll < 0.75 && regulars.length) {
      remote = rng.pick(regulars).number;
    } else {
      remote = unknown();
    }
    const number = numberById.get(numberId);
    if (!number) throw new Error('seed: number');
    const outbound = rng.chance(0.08);
    const r = rng.next();
    const outcome = outbound ? (r < 0.7 ? 1 : 2) : r < 0.63 ? 1 : r < 0.835 ? 2 : r < 0.97 ? 3 : 4;
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();
    const duration = outcome === 1 ? rng.int(25, 900) : 0;
    const extension = !outbound && outcome !== 4 && rng.chance(0.4) ? rng.int(1, 3) : null;
    const ring = rng.int(5, 25);
    const events: { status: number; at: string }[] = [{ status: 1, at: at(0) }];
    if (extension) events.push({ status: 2, at: at(3) });
    if (outbound) {
      if (outcome === 1) events.push({ status: 12, at: at(ring) }, { status: 3, at: at(ring + duration) });
      else events.push({ status: 5, at: at(30) }, { status: 3, at: at(30) });
    } else if (outcome === 1) {
      events.push(
        { status: 6, at: at(4) },
        { status: 12, at: at(ring) },
        { status: 3, at: at(ring + duration) },
      );
    } else if (outcome === 2) {
      events.push({ status: 6, at: at(4) }, { status: 5, at: at(30) }, { status: 10, at: at(30) });
      events.push({ status: 11, at: at(31) });
    } else if (outcome === 3) {
      events.push({ status: 6, at: at(4) }, { status: 8, at: at(25) }, { status: 4, at: at(26) });
    } else {
      events.push({ status: 13, at: at(1) });
    }
    const agent = outcome === 1 ? rng.pick(agents) : null;
    const recorded = outcome === 1 && rng.chance(0.7);
    // The in-app line is open around the clock; the others keep Demo Motors' business hours.
    const missed =
      !outbound && (outcome === 2 || outcome === 3)
        ? seededMissedCall(why, {
            start,
            outcome,
            extension,
            closed: numberId !== demoNumbers.motorsInApp && demoMotorsClosedAt(start),
            rang: events,
          })
        : null;
    let transcription: (typeof calls.$inferInsert)['transcription'] = null;
    // The last day's calls have no transcript (they once claimed to be transcribing, which never ends). Tested
    // before the draw, so the seed's random sequence — and every other seeded row — stays as it was.
    const lastDay = SEED_ANCHOR.getTime() - start.getTime() < DAY;
    if (recorded && agent && !lastDay && rng.chance(0.35)) {
      const script = rng.pick(CONVERSATION_SCRIPTS);
      const step = Math.max(3, Math.floor(duration / script.length));
      const segments: TranscriptSegment[] = script.map(([agentLine, clientLine], index) => {
        const speaker = agentLine ? 1 : 2;
        return {
          channel: speaker === 1 ? 0 : 1,
          speaker,
          transcript: (agentLine || clientLine).replace('{agent}', agent.name),
          start: index * step,
          end: index * step + step - 1,
        };
      });
      const words = (speaker: number) =>
        segments
          .filter((segment) => segment.speaker === speaker)
          .reduce((sum, segment) => sum + segment.transcript.split(' ').length, 0);
      const agentWords = words(1);
      const total = agentWords + words(2);
      const agentPercent = Math.round((agentWords / total) * 100);
      transcription = {
        state: 'complete',
        text: segments.map((segment) => segment.transcript).join(' '),
        segments,
        agent_percent: agentPercent,
        client_percent: 100 - agentPercent,
      };
    }
    const plan: Plan = {
      remote,
      row: {
        company_id: companyId,
        number_id: numberId,
        contact_id: contactByNumber.get(remote) ?? null,
        is_inbound: !outbound,
        caller: outbound ? number.number : remote,
        called: outbound ? remote : number.number,
        outcome,
        qualification: outcome === 1 && rng.chance(0.4) ? rng.int(1, 3) : null,
        events: missed?.events ?? events,
        missed_reason: missed?.reason ?? null,
        // Connected (12) came `ring` seconds in.
        answered_at: outcome === 1 ? new Date(start.getTime() + ring * 1000) : null,
        duration,
        user_id: agent?.id ?? (outbound ? rng.pick(agents).id : null),
        extension,
        source: number.tags[0] ?? null,
        first_time: false,
        recording_path: recorded ? `demo/recording-${n + 1}.wav` : null,
        transcription,
        tags: outcome === 1 && rng.chance(0.25) ? [rng.pick(CALL_TAGS)] : [],
        note: outcome === 1 && rng.chance(0.1) ? rng.pick(CALL_NOTES) : null,
        started_at: start,
      },
    };
    if (outcome === 3) {
      plan.voicemail = {
        duration: rng.int(8, 55),
        text: rng.pick(VOICEMAILS),
        at: new Date(start.getTime() + 26_000),
      };
    }
    plans.push(plan);
  }
  plans.sort((a, b) => (a.row.started_at as Date).getTime() - (b.row.started_at as Date).getTime());
  const seen = new Set<string>();
  for (const plan of plans) {
    if (!plan.row.is_inbound || plan.row.outcome === 4) continue;
    plan.row.first_time = !seen.has(plan.remote);
    seen.add(plan.remote);
  }

  const callIds = (
    await tx
      .insert(calls)
      .values(plans.map((plan) => plan.row))
      .returning({ id: calls.id })
  ).map((row) => row.id);
  const withVoicemail = plans.flatMap((plan, index) =>
    plan.voicemail ? [{ plan, callId: callIds[index] }] : [],
  );
  const voicemailIds = withVoicemail.length
    ? (
        await tx
          .insert(voicemails)
          .values(
            withVoicemail.map(({ plan, callId }, index) => ({
              company_id: companyId,
              number_id: plan.row.number_id,
              contact_id: plan.row.contact_id,
              call_id: callId,
              caller: plan.remote,
              duration: plan.voicemail?.duration ?? 0,
              recording_path: `demo/voicemail-${index + 1}.wav`,
              transcription: plan.voicemail?.text ?? null,
              listened_at: index % 3 === 0 ? null : plan.voicemail?.at,
              created_at: plan.voicemail?.at,
            })),
          )
          .returning({ id: voicemails.id })
      ).map((row) => row.id)
    : [];

  const faxPlans = Array.from({ length: FAX_COUNT }, () => {
    const inbound = rng.chance(0.65);
    const remote = rng.chance(0.5) && contactRows.length ? rng.pick(contactRows).number : unknown();
    return {
      company_id: companyId,
      number_id: fax.id,
      contact_id: contactByNumber.get(remote) ?? null,
      is_inbound: inbound,
      remote,
      pages: rng.int(1, 6),
      status: inbound ? 'received' : rng.chance(0.8) ? 'delivered' : 'failed',
      file_path: null,
      created_at: new Date(SEED_ANCHOR.getTime() - rng.int(60, 120 * 24 * 60) * MINUTE),
    };
  });
  const faxIds = (await tx.insert(faxes).values(faxPlans).returning({ id: faxes.id })).map((row) => row.id);

  // Each record with someone who has a text thread on that number shows in the thread (up to its last item).
  const items: (typeof conversationItems.$inferInsert)[] = [];
  const link = (
    kind: 'call' | 'voicemail' | 'fax',
    numberId: number | null | undefined,
    remote: string,
    recordId: number | undefined,
    at: Date,
    inbound: boolean,
    content: string,
  ) => {
    const thread = threadOf.get(`${numberId} ${remote}`);
    if (!thread || recordId === undefined || at > thread.last) return;
    items.push({
      company_id: companyId,
      conversation_id: thread.id,
      kind,
      is_inbound: inbound,
      content,
      record_id: recordId,
      created_at: at,
      updated_at: at,
    });
  };
  plans.forEach((plan, index) => {
    link(
      'call',
      plan.row.number_id,
      plan.remote,
      callIds[index],
      plan.row.started_at as Date,
      plan.row.is_inbound ?? true,
      '',
    );
  });
  withVoicemail.forEach(({ plan }, index) => {
    const voicemail = plan.voicemail;
    if (voicemail)
      link(
        'voicemail',
        plan.row.number_id,
        plan.remote,
        voicemailIds[index],
        voicemail.at,
        true,
        voicemail.text,
      );
  });
  faxPlans.forEach((plan, index) => {
    link('fax', plan.number_id, plan.remote, faxIds[index], plan.created_at, plan.is_inbound, '');
  });
  if (items.length) await tx.insert(conversationItems).values(items);
  return { faxNumber: fax.id };
}
