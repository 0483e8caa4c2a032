/**
 * Demo campaigns for Demo Motors, one of each kind a person meets: a service special sent a month before
 * SEED_ANCHOR (most delivered, a few undelivered with carrier error 30006, some replies, one STOP, the group's
 * unsubscribed and invalid members skipped), a winter-tire reminder paused part way, a holiday notice that
 * failed when its number stopped being able to text, a spring event scheduled a week after the day the database
 * is seeded (its send job enqueued, so it really goes out then), and a draft.
 *
 * The ledger rows are written directly, from the same recipient list the engine fixes (engine/recipients.ts),
 * with believable times; the counts are then taken by the engine's own aggregate (`refreshStats`). Everything
 * comes from a fixed generator and the anchor, except the scheduled campaign's time, which must lie ahead.
 */
import { creditsPerText } from '@shared/domain/campaignSending';
import {
  budgetedText,
  campaignBody,
  DEFAULT_DYNAMIC_FIELDS,
  DEFAULT_UNSUBSCRIBE_TEXT,
} from '@shared/domain/campaigns';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignRecipients, campaigns, contactGroups } from '../db/schema';
import type { JobContext } from '../jobs/queue';
import { scheduleSend, takeStats } from '../modules/campaigns/engine';
import { recipientText } from '../modules/campaigns/engine/ledger';
import { groupRecipients, type Recipient } from '../modules/campaigns/engine/recipients';
import { SEND_MESSAGES } from '../modules/campaigns/engine/send';
import type { CampaignRow } from '../modules/campaigns/view';
import { SEED_ANCHOR } from './conversations';
import type { DemoNumbers } from './numbers';
import { random } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoCampaigns {
  sent: number;
  paused: number;
  failed: number;
  scheduled: number;
  draft: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The carrier's "unknown destination handset / filtered" code, the common undelivered reason. */
const UNDELIVERED_CODE = '30006';
/** The carrier's refusal once the sending number was released: not an SMS-capable number of the account. */
const RELEASED_NUMBER_CODE = '21606';

const REPLIES = [
  'Yes please, Saturday morning if you have it',
  'How much for synthetic oil?',
  'Can I bring it Thursday after 5?',
  'Booked online, thanks!',
  'Is the shuttle still running?',
  'Do you do alignments too?',
  'Great deal, see you next week',
  'Does this include the tire rotation?',
];

/**
 * What the engine reads of the app's context while seeding (the seed runs before any app exists): the seed's
 * transaction, its clock, and runners to wake (none yet; the job waits in the table for the first server).
 */
function seedContext(tx: Tx, now: Date): JobContext {
  return {
    db: tx,
    now: () => now,
    jobSignals: { listen: () => () => undefined, enqueued: () => undefined, cancelled: () => undefined },
  };
}

async function groupId(tx: Tx, companyId: number, name: string): Promise<number> {
  const [group] = await tx
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(and(eq(contactGroups.company_id, companyId), eq(contactGroups.name, name)));
  if (!group) throw new Error(`seed: group ${name}`);
  return group.id;
}

/** What happened to one recipient who was sent to. */
interface Outcome {
  state: 'pending' | 'sent' | 'delivered' | 'undelivered' | 'failed';
  errorCode?: string;
  reply?: string;
  stop?: boolean;
}

/** The ledger of a campaign that started at `start`, sent at one a second; `outcome` says how each send went. */
function ledgerRows(
  campaign: CampaignRow,
  recipients: readonly Recipient[],
  start: Date,
  outcome: (index: number) => Outcome,
) {
  let sendable = 0;
  return recipients.map((recipient, index) => {
    const base = {
      campaign_id: campaign.id,
      company_id: campaign.company_id,
      contact_id: recipient.contactId,
      position: index + 1,
      number: recipient.number,
      name: recipient.name,
      time_zone: recipient.timeZone,
      region: recipient.region,
      created_at: start,
      updated_at: start,
    };
    if (recipient.skipReason) {
      return { ...base, state: 'skipped', skip_reason: recipient.skipReason, finished_at: start };
    }
    const body = recipientText(campaign, recipient);
    const result = outcome(sendable);
    const sentAt = new Date(start.getTime() + sendable * SECOND);
    const position = sendable++;
    if (result.state === 'pending') return { ...base, body, state: 'pending' };
    const finishedAt = new Date(sentAt.getTime() + (3 + (position % 7)) * SECOND);
    const repliedAt = new Date(sentAt.getTime() + (4 + ((position * 13) % 170)) * MINUTE);
    return {
      ...base,
      body,
      state: result.state,
      error_code: result.errorCode ?? null,
      carrier_sid: `SBSEED${String(campaign.id).padStart(4, '0')}${String(position).padStart(6, '0')}`,
      sent_at: sentAt,
      finished_at: result.state === 'sent' ? null : finishedAt,
      responded_at: result.reply || result.stop ? repliedAt : null,
      reply: result.stop ? 'STOP' : (result.reply ?? null),
      unsubscribed_at: result.stop ? repliedAt : null,
      updated_at: result.reply || result.stop ? repliedAt : finishedAt,
    };
  });
}

/** Recipients who will be sent to, and the credits that costs, for a campaign that has not started. */
function previewTotals(recipients: readonly Recipient[], text: string, unsubscribe: string) {
  const sendable = recipients.filter((recipient) => !recipient.skipReason).length;
  const longest = campaignBody(budgetedText(text, DEFAULT_DYNAMIC_FIELDS), unsubscribe);
  return { preview_count: sendable, preview_credits: creditsPerText(longest, false) * sendable };
}

export async function seedDemoCampaigns(
  tx: Tx,
  companyId: number,
  numbers: DemoNumbers,
  authorId: number,
): Promise<DemoCampaigns> {
  const rng = random(20261119);
  const seededAt = new Date();
  const ctx = seedContext(tx, seededAt);
  const service = await groupId(tx, companyId, 'Service reminders');
  const spring = await groupId(tx, companyId, 'Spring sales event');
  const serviceRecipients = await groupRecipients(tx, companyId, service);
  const springRecipients = await groupRecipients(tx, companyId, spring);
  const fields = DEFAULT_DYNAMIC_FIELDS.map((field) => ({ ...field }));

  const insert = async (values: Omit<typeof campaigns.$inferInsert, 'company_id' | 'user_id'>) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ company_id: companyId, user_id: authorId, dynamic_fields: fields, ...values })
      .returning();
    if (!row) throw new Error(`seed: campaign ${values.title}`);
    return row;
  };
  const writeLedger = async (rows: ReturnType<typeof ledgerRows>) => {
    if (rows.length) await tx.insert(campaignRecipients).values(rows);
  };

  // Sent a month before the anchor, at 10am Chicago time.
  const sentStart = new Date(SEED_ANCHOR.getTime() - 30 * DAY);
  const sentText =
    'Hi %%first_name%%, Demo Motors Service: this month an oil change and tire rotation are $49.95. Reply to book a time that suits you.';
  const sentCampaign = await insert({
    title: 'October service special',
    text: sentText,
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    group_ids: [service],
    number_id: numbers.motorsService,
    should_be_sent_at: sentStart,
    state: 'sent',
    ...previewTotals(serviceRecipients, sentText, DEFAULT_UNSUBSCRIBE_TEXT),
    started_at: sentStart,
    finished_at: new Date(sentStart.getTime() + 4 * MINUTE),
    generation: 1,
    created_at: new Date(sentStart.getTime() - 2 * DAY),
    updated_at: new Date(sentStart.getTime() + 4 * MINUTE),
  });
  const stopAt = 17;
  await writeLedger(
    ledgerRows(sentCampaign, serviceRecipients, sentStart, (index) => {
      if (index % 23 === 9) return { state: 'undelivered', errorCode: UNDELIVERED_CODE };
      if (index === stopAt) return { state: 'delivered', stop: true };
      if (index % 9 === 4 || rng.chance(0.04)) return { state: 'delivered', reply: rng.pick(REPLIES) };
      return { state: 'delivered' };
    }),
  );

  // Paused by a person part way through, at 8:30 the anchor's morning in Chicago; the rest waits.
  const pausedStart = new Date(SEED_ANCHOR.getTime() - 30 * MINUTE);
  const pausedText =
    'Hi %%first_name%%, cold mornings are here. Demo Motors checks your tires and battery for free this week. Reply with a day that works.';
  const pausedCampaign = await insert({
    title: 'Winter tire and battery check',
    text: pausedText,
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    group_ids: [service],
    number_id: numbers.motorsService,
    should_be_sent_at: null,
    state: 'paused',
    state_reason: null,
    ...previewTotals(serviceRecipients, pausedText, DEFAULT_UNSUBSCRIBE_TEXT),
    started_at: pausedStart,
    generation: 1,
    created_at: new Date(pausedStart.getTime() - 3 * HOUR),
    updated_at: new Date(pausedStart.getTime() + 45 * SECOND),
  });
  await writeLedger(
    ledgerRows(pausedCampaign, serviceRecipients, pausedStart, (index) => {
      if (index >= 40) return { state: 'pending' };
      if (index === 12) return { state: 'undelivered', errorCode: UNDELIVERED_CODE };
      if (index === 6) return { state: 'delivered', reply: 'Friday morning please' };
      return { state: index >= 37 ? 'sent' : 'delivered' };
    }),
  );

  // Failed a week before the anchor, at 11am in Chicago: its number stopped being able to send while it went out.
  const failedStart = new Date(SEED_ANCHOR.getTime() - 7 * DAY + 2 * HOUR);
  const failedText =
    'Demo Motors holiday hours: Service is closed Thanksgiving Day and open 8am to 2pm on Friday. Sales is open as usual.';
  const failedCampaign = await insert({
    title: 'Holiday hours notice',
    text: failedText,
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    group_ids: [service],
    number_id: numbers.motorsSales,
    should_be_sent_at: failedStart,
    state: 'failed',
    // As the engine says it when a run finds its number unable to text (the rest of the ledger stays unsent).
    state_reason: SEND_MESSAGES.numberNoSms,
    ...previewTotals(serviceRecipients, failedText, DEFAULT_UNSUBSCRIBE_TEXT),
    started_at: failedStart,
    finished_at: new Date(failedStart.getTime() + 20 * SECOND),
    generation: 1,
    created_at: new Date(failedStart.getTime() - DAY),
    updated_at: new Date(failedStart.getTime() + 20 * SECOND),
  });
  await writeLedger(
    ledgerRows(failedCampaign, serviceRecipients, failedStart, (index) => {
      if (index < 12) return { state: 'delivered' };
      if (index < 15) return { state: 'failed', errorCode: RELEASED_NUMBER_CODE };
      return { state: 'pending' };
    }),
  );

  for (const campaign of [sentCampaign, pausedCampaign, failedCampaign]) {
    await takeStats(ctx, campaign.id, tx);
  }

  // Scheduled a week after the day of seeding, at 10am in Chicago, so it is always ahead when the demo opens.
  const day = Date.UTC(seededAt.getUTCFullYear(), seededAt.getUTCMonth(), seededAt.getUTCDate());
  const scheduledAt = new Date(day + 7 * DAY + 16 * HOUR);
  const springText =
    'Hi %%first_name%%, our Spring Sales Event starts Saturday: 0.9% APR on certified pre-owned and free appraisals. Reply SPRING to reserve a test drive.';
  const scheduled = await insert({
    title: 'Spring sales event preview',
    text: springText,
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    group_ids: [spring],
    number_id: numbers.motorsSales,
    should_be_sent_at: scheduledAt,
    state: 'queued',
    ...previewTotals(springRecipients, springText, DEFAULT_UNSUBSCRIBE_TEXT),
    created_at: new Date(SEED_ANCHOR.getTime() - DAY),
    updated_at: new Date(SEED_ANCHOR.getTime() - DAY),
  });
  await scheduleSend(ctx, scheduled, { tx });

  const draftText = 'Hi %%first_name%%, bring your car by for a free trade-in appraisal';
  const draft = await insert({
    title: 'Trade-in appraisal weekend',
    text: draftText,
    unsubscribe_text: DEFAULT_UNSUBSCRIBE_TEXT,
    group_ids: [spring],
    number_id: null,
    state: 'draft',
    ...previewTotals(springRecipients, draftText, DEFAULT_UNSUBSCRIBE_TEXT),
    created_at: new Date(SEED_ANCHOR.getTime() - 3 * HOUR),
    updated_at: new Date(SEED_ANCHOR.getTime() - 3 * HOUR),
  });

  return {
    sent: sentCampaign.id,
    paused: pausedCampaign.id,
    failed: failedCampaign.id,
    scheduled: scheduled.id,
    draft: draft.id,
  };
}
