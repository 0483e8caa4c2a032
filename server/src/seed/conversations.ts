/**
 * Demo conversations: Demo Motors gets 150 text threads about sales and service over the four months before
 * 2026-11-20, Demo Realty 30 about listings and showings. Mostly with seeded contacts, a few with unknown
 * numbers (+1 773/786 555 017x, the spam one 0198); some unread (ending in texts nobody answered yet), some archived, some
 * assigned to agent@demo.test (and a few to agent2), a few with internal notes, and one spam thread blocked.
 *
 * Times are fixed, relative to SEED_ANCHOR rather than now, so the seeded database (and every test that reads
 * it) is the same on every run; the newest thread is two hours before the anchor. Generated from a fixed seed
 * (mulberry32, as the contact seed) and written in a handful of batch inserts, so seeding stays fast.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contacts, conversationItems, conversations, notes } from '../db/schema';
import type { DemoNumbers } from './numbers';
import { random } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The moment the demo's threads lead up to. */
export const SEED_ANCHOR = new Date(Date.UTC(2026, 10, 20, 15, 0, 0));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A line of a thread: `in` from the outside party, `out` from the company; `{name}` is the contact's first name. */
type Line = [direction: 'in' | 'out', text: string];
interface Script {
  /** Which of the company's lines the thread is on. */
  line: 'sales' | 'service' | 'main' | 'tollFree' | 'office';
  lines: Line[];
}

const MOTORS_SCRIPTS: Script[] = [
  {
    line: 'sales',
    lines: [
      ['in', 'Hi, is the 2022 RAV4 XLE on your website still available?'],
      ['out', 'Hi {name}! Yes, the silver RAV4 XLE is still on the lot. Would you like to see it this week?'],
      ['in', 'Maybe Saturday morning? What is the out the door price?'],
      [
        'out',
        'Saturday at 10 works. With tax, title and fees it comes to $29,840. I can hold it until then.',
      ],
      ['in', 'Please hold it. Can I bring my 2015 Civic for a trade-in appraisal too?'],
      ['out', 'Absolutely, bring the title and both keys. See you Saturday at 10!'],
      ['in', 'Thanks, see you then.'],
    ],
  },
  {
    line: 'service',
    lines: [
      [
        'out',
        'Hi {name}, this is Demo Motors Service. Your vehicle is due for an oil change and tire rotation.',
      ],
      ['in', 'Can I come in Thursday after work?'],
      ['out', 'We have 5:30 pm Thursday open. Want me to book it?'],
      ['in', 'Yes please'],
      ['out', 'Booked for Thursday 5:30 pm. Reply C to cancel.'],
      ['in', 'How long will it take? I might wait there'],
      ['out', 'About 45 minutes. Our lounge has coffee and Wi-Fi.'],
    ],
  },
  {
    line: 'service',
    lines: [
      ['in', 'My check engine light came on this morning. Is it safe to drive?'],
      [
        'out',
        'Hi {name}, if it is steady (not flashing) it is usually safe for short trips. Can you bring it in today?',
      ],
      ['in', 'I can drop it off at 2'],
      ['out', 'Perfect, ask for Marco at the service desk.'],
      [
        'out',
        'Update: it was a loose gas cap and an O2 sensor. The sensor is $185 installed. OK to proceed?',
      ],
      ['in', 'Go ahead'],
      ['out', 'All done, your car is ready for pickup. We are open until 7.'],
      ['in', 'On my way, thank you!'],
    ],
  },
  {
    line: 'main',
    lines: [
      ['in', 'Do you offer financing for first time buyers?'],
      [
        'out',
        'We do, {name}! We work with several lenders with first-time buyer programs. What budget are you thinking?',
      ],
      ['in', 'Around 350 a month'],
      ['out', 'That opens up plenty of options. Can you stop by for a 15 minute credit pre-approval?'],
      ['in', 'Does it hurt my credit score?'],
      ['out', 'The pre-approval is a soft pull, so no impact on your score.'],
      ['in', 'Great, I will come by tomorrow'],
    ],
  },
  {
    line: 'tollFree',
    lines: [
      ['in', 'I heard your radio ad about 0% APR. Which models does that apply to?'],
      [
        'out',
        'Hi! The 0% APR for 60 months applies to new Corollas, Camrys and the RAV4 Hybrid through Nov 30.',
      ],
      ['in', 'Do you have a Camry SE in blue?'],
      ['out', 'We have one Camry SE in Reservoir Blue arriving Tuesday. Want first look?'],
      ['in', 'Yes! Text me when it arrives'],
      [
        'out',
        'Will do. It just came off the truck, {name}. It is yours to test drive whenever you are ready.',
      ],
    ],
  },
  {
    line: 'sales',
    lines: [
      ['out', 'Hi {name}, thanks for test driving the F-150 yesterday. Any questions I can answer?'],
      ['in', 'My wife wants to see it before we decide'],
      ['out', 'Of course. We are open Sunday 11 to 5 if that is easier for you both.'],
      ['in', 'Sunday at 1 then'],
      ['out', 'See you both Sunday at 1. I will have it washed and ready.'],
    ],
  },
  {
    line: 'service',
    lines: [
      ['in', 'What do you charge for a brake job? Front pads are squeaking'],
      ['out', 'Front pads and rotor resurfacing start at $249. We can inspect for free first.'],
      ['in', 'ok can I come Monday morning'],
      ['out', 'Monday 8 am is open. See you then, {name}.'],
    ],
  },
  {
    line: 'main',
    lines: [
      ['in', 'Do you buy cars even if I am not buying one from you?'],
      ['out', 'Yes, {name}. We buy cars outright. What year, make, model and mileage?'],
      ['in', '2018 Jeep Wrangler Sport, 62k miles'],
      ['out', 'Nice! Wranglers hold their value. Send a few photos and we can give you a ballpark today.'],
      ['in', 'Sending them tonight'],
    ],
  },
  {
    line: 'sales',
    lines: [
      ['in', 'Is the lease special for the Corolla still going? $199/mo?'],
      ['out', 'It is, through the end of the month, with $2,999 due at signing and 10k miles a year.'],
      ['in', 'Can I do 12k miles?'],
      ['out', 'Yes, 12k miles makes it $214 a month. Want me to write it up?'],
      ['in', 'Let me think about it over the weekend'],
      ['out', 'No problem, {name}. I am here Monday to Saturday if you have questions.'],
    ],
  },
  {
    line: 'service',
    lines: [
      ['out', 'Reminder: your recall repair appointment is tomorrow at 9 am. Reply YES to confirm.'],
      ['in', 'YES'],
      ['out', 'Thanks {name}, you are confirmed. A loaner car is reserved for you.'],
    ],
  },
];

const REALTY_SCRIPTS: Script[] = [
  {
    line: 'main',
    lines: [
      ['in', 'Hi, is the 2 bed condo on Brickell still available?'],
      ['out', 'Hi {name}! It is. There is an open house Sunday 1 to 4, or I can show it privately.'],
      ['in', 'Private showing Thursday evening?'],
      ['out', 'Thursday at 6 works. I will meet you in the lobby.'],
      ['in', 'Perfect, thank you'],
    ],
  },
  {
    line: 'office',
    lines: [
      ['in', 'We are thinking of selling our house in Coral Gables. How do you price homes?'],
      ['out', 'Hi {name}, I prepare a free market analysis from recent sales nearby. When could I stop by?'],
      ['in', 'Next Tuesday afternoon'],
      ['out', 'Tuesday at 3 it is. I will bring comps from the last six months.'],
    ],
  },
  {
    line: 'main',
    lines: [
      ['out', 'Hi {name}, a new 3 bedroom listing near the schools you mentioned just hit the market.'],
      ['in', 'Oh nice, what is the price?'],
      ['out', '$615,000, updated kitchen, fenced yard. Want to see it before the weekend?'],
      ['in', 'Yes! Friday morning if possible'],
      ['out', 'Booked for Friday at 10. I will send the address.'],
    ],
  },
  {
    line: 'office',
    lines: [
      ['in', 'Our offer was accepted?? Just got the email!'],
      ['out', 'It was, congratulations {name}! Next step is the inspection within 10 days.'],
      ['in', 'Can you recommend an inspector?'],
      ['out', 'Sure, I will text you three I trust.'],
    ],
  },
];

const SPAM: Line[] = [
  ['in', 'CONGRATS! You have won a FREE cruise. Reply YES to claim'],
  ['in', 'Last chance to claim your FREE cruise! Reply YES now'],
];

const NOTES = [
  'Customer prefers texts after 5 pm.',
  'Spoke on the phone: wants trade-in numbers before committing.',
  'Sent the finance application by email.',
  'Follow up next week about the extended warranty.',
];

interface Plan {
  companyId: number;
  count: number;
  seed: number;
  scripts: Script[];
  numbers: Partial<Record<Script['line'], number>>;
  unknownPrefix: string;
  /** Who answers texts, and who is assigned. */
  staff: number[];
  assignees: { id: number; share: number }[];
  noteAuthor: number;
}

interface SeededItem {
  conversation: number;
  kind: string;
  is_inbound: boolean;
  user_id: number | null;
  content: string;
  delivery_state: string | null;
  error_code: string | null;
  created_at: Date;
  note?: string;
}

async function seedCompany(tx: Tx, plan: Plan, spam: number | null): Promise<number[]> {
  const rng = random(plan.seed);
  const people = await tx
    .select({ id: contacts.id, name: contacts.name, number: contacts.number })
    .from(contacts)
    .where(eq(contacts.company_id, plan.companyId))
    .orderBy(contacts.id);
  // A shuffled, deterministic choice of contacts: each at most once.
  const order = people.map((_, index) => index);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const rows: (typeof conversations.$inferInsert)[] = [];
  const threads: SeededItem[][] = [];
  let unknown = 0;
  for (let index = 0; index < plan.count; index++) {
    const script = rng.pick(plan.scripts);
    const known = !(index % 15 === 7) && index < order.length;
    const contact = known ? people[order[index] as number] : undefined;
    const recipient = contact?.number ?? `${plan.unknownPrefix}${String(70 + unknown++).padStart(2, '0')}`;
    const first = contact?.name.split(' ')[0] ?? 'there';
    const numberId = plan.numbers[script.line] ?? (plan.numbers.main as number);
    const unread = rng.chance(0.15);
    // How much of the script has happened: whole, or cut short; an unread thread ends on their text.
    let length = rng.chance(0.6) ? script.lines.length : rng.int(2, script.lines.length);
    if (unread) {
      while (length > 0 && script.lines[length - 1]?.[0] !== 'in') length--;
      if (length === 0) length = script.lines.length;
    }
    // Threads end at spread-out moments of the last four months, the newest two hours before the anchor.
    const end =
      SEED_ANCHOR.getTime() -
      2 * HOUR -
      Math.floor(((index * 120) / plan.count) * DAY) -
      rng.int(0, 600) * MINUTE;
    const gaps = Array.from({ length }, () => rng.int(3, 240) * MINUTE);
    let at = end - gaps.reduce((sum, gap) => sum + gap, 0);
    const agent = rng.pick(plan.staff);
    const items: SeededItem[] = [];
    for (const [position, [direction, text]] of script.lines.slice(0, length).entries()) {
      at += gaps[position] as number;
      const inbound = direction === 'in';
      const failed = !inbound && rng.chance(0.03);
      items.push({
        conversation: index,
        kind: 'message',
        is_inbound: inbound,
        user_id: inbound ? null : agent,
        content: text.replace('{name}', first),
        delivery_state: inbound ? 'received' : failed ? 'undelivered' : 'delivered',
        error_code: failed ? '30006' : null,
        created_at: new Date(at),
      });
    }
    if (!unread && items.length > 2 && rng.chance(0.08)) {
      const last = items[items.length - 1] as SeededItem;
      items.push({
        conversation: index,
        kind: 'note',
        is_inbound: false,
        user_id: plan.noteAuthor,
        content: rng.pick(NOTES),
        delivery_state: null,
        error_code: null,
        created_at: new Date(last.created_at.getTime() + 5 * MINUTE),
        note: 'yes',
      });
    }
    let trailing = 0;
    for (let i = items.length - 1; i >= 0 && items[i]?.is_inbound; i--) trailing++;
    const lastAt = (items[items.length - 1] as SeededItem).created_at;
    const roll = rng.next();
    let share = 0;
    const assignee = plan.assignees.find((candidate) => {
      share += candidate.share;
      return roll < share;
    });
    const archived = !unread && end < SEED_ANCHOR.getTime() - 45 * DAY && rng.chance(0.25);
    rows.push({
      company_id: plan.companyId,
      number_id: numberId,
      recipient,
      contact_id: contact?.id ?? null,
      unread_count: unread ? Math.max(1, trailing) : 0,
      archived_at: archived ? new Date(lastAt.getTime() + 2 * DAY) : null,
      assigned_user_id: assignee?.id ?? null,
      last_item_at: lastAt,
      created_at: (items[0] as SeededItem).created_at,
      updated_at: lastAt,
    });
    threads.push(items);
  }
  if (spam !== null) {
    // One spam thread on the main line, blocked by the owner after the second text.
    const index = rows.length;
    const start = SEED_ANCHOR.getTime() - 9 * DAY;
    const items: SeededItem[] = SPAM.map(([, text], position) => ({
      conversation: index,
      kind: 'message',
      is_inbound: true,
      user_id: null,
      content: text,
      delivery_state: 'received',
      error_code: null,
      created_at: new Date(start + position * 3 * HOUR),
    }));
    items.push({
      conversation: index,
      kind: 'block',
      is_inbound: false,
      user_id: spam,
      content: 'Blocked',
      delivery_state: null,
      error_code: null,
      created_at: new Date(start + 7 * HOUR),
    });
    const lastAt = (items[items.length - 1] as SeededItem).created_at;
    rows.push({
      company_id: plan.companyId,
      number_id: plan.numbers.main as number,
      recipient: `${plan.unknownPrefix}98`,
      unread_count: 0,
      blocked: true,
      last_item_at: lastAt,
      created_at: new Date(start),
      updated_at: lastAt,
    });
    threads.push(items);
  }

  const inserted = await tx.insert(conversations).values(rows).returning({ id: conversations.id });
  const ids = inserted.map((row) => row.id);
  const all = threads.flat();
  const noteItems = all.filter((item) => item.note);
  const noteIds = noteItems.length
    ? (
        await tx
          .insert(notes)
          .values(
            noteItems.map((item) => ({
              company_id: plan.companyId,
              model_type: 'conversation',
              model_id: ids[item.conversation] as number,
              user_id: item.user_id,
              body: item.content,
              created_at: item.created_at,
              updated_at: item.created_at,
            })),
          )
          .returning({ id: notes.id })
      ).map((row) => row.id)
    : [];
  const recordIds = new Map(noteItems.map((item, position) => [item, noteIds[position] ?? null]));
  await tx.insert(conversationItems).values(
    all.map((item) => ({
      company_id: plan.companyId,
      conversation_id: ids[item.conversation] as number,
      kind: item.kind,
      is_inbound: item.is_inbound,
      user_id: item.user_id,
      content: item.content,
      delivery_state: item.delivery_state,
      error_code: item.error_code,
      record_id: recordIds.get(item) ?? null,
      created_at: item.created_at,
      updated_at: item.created_at,
    })),
  );
  return ids;
}

export interface DemoConversations {
  /** Demo Motors' conversations, newest thread first (the blocked spam thread last). */
  motors: number[];
  /** The blocked spam thread of Demo Motors. */
  motorsBlocked: number;
  realty: number[];
}

export async function seedDemoConversations(
  tx: Tx,
  companies: { demoMotors: number; demoRealty: number },
  numbers: DemoNumbers,
  users: { owner: number; admin: number; agent: number; agent2: number },
): Promise<DemoConversations> {
  const motors = await seedCompany(
    tx,
    {
      companyId: companies.demoMotors,
      count: 150,
      seed: 11_2026,
      scripts: MOTORS_SCRIPTS,
      numbers: {
        main: numbers.motorsMain,
        sales: numbers.motorsSales,
        service: numbers.motorsService,
        tollFree: numbers.motorsTollFree,
      },
      unknownPrefix: '+177355501',
      staff: [users.agent, users.agent, users.agent2, users.admin],
      assignees: [
        { id: users.agent, share: 0.25 },
        { id: users.agent2, share: 0.1 },
      ],
      noteAuthor: users.agent,
    },
    users.owner,
  );
  const realty = await seedCompany(
    tx,
    {
      companyId: companies.demoRealty,
      count: 30,
      seed: 12_2026,
      scripts: REALTY_SCRIPTS,
      numbers: { main: numbers.realtyMain, office: numbers.realtyOffice },
      unknownPrefix: '+178655501',
      staff: [users.owner],
      assignees: [{ id: users.owner, share: 0.3 }],
      noteAuthor: users.owner,
    },
    null,
  );
  return { motors, motorsBlocked: motors[motors.length - 1] as number, realty };
}
