/**
 * Demo monitoring for Demo Motors, so the Alerts screen is not empty: the missed-call rate monitor on and the
 * no-calls one off (defaults), an open no-calls alert on the Service line, an open missed-call-rate alert, and an earlier
 * missed-call-rate alert an administrator closed as already known — each with its history, at fixed times
 * before SEED_ANCHOR. No evaluation job is enqueued here: `main.ts` arms the job of every company with a monitor
 * on when a server starts (tests drive evaluations themselves).
 */
import { MONITOR_DEFAULTS } from '@shared/domain/alerts';
import type { Db } from '../db/client';
import { alertHistory, alerts, monitors } from '../db/schema';
import { SEED_ANCHOR } from './conversations';
import type { DemoNumbers } from './numbers';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR_MS = 3_600_000;
const before = (hours: number) => new Date(SEED_ANCHOR.getTime() - hours * HOUR_MS);

export interface DemoAlerts {
  open: number[];
  closed: number;
}

export async function seedDemoMonitoring(
  tx: Tx,
  companyId: number,
  demoNumbers: DemoNumbers,
  admin: number,
): Promise<DemoAlerts> {
  await tx.insert(monitors).values([
    {
      company_id: companyId,
      kind: 'missed_rate',
      enabled: true,
      settings: { ...MONITOR_DEFAULTS.missed_rate },
    },
    // Off: the seeded history ends at SEED_ANCHOR, so on a server started days later every line that had calls
    // would be silent and the demo would open with a dozen no-calls alerts. Its earlier alert stays below.
    { company_id: companyId, kind: 'no_calls', enabled: false, settings: { ...MONITOR_DEFAULTS.no_calls } },
  ]);
  const company = { type: 'company' as const, id: String(companyId), label: 'Demo Motors' };
  const [closed, missedRate, noCalls] = await tx
    .insert(alerts)
    .values([
      {
        company_id: companyId,
        kind: 'missed_rate',
        subject_type: company.type,
        subject_id: company.id,
        subject_label: company.label,
        title: 'Missed-call rate 45 % over the last 4 hours (threshold 30 %)',
        details: { rate: 45, missed: 9, total: 20, threshold: 30, window_hours: 4, min_calls: 5 },
        state: 'closed',
        reason: 'already-aware',
        comment: 'Two agents were out for training that afternoon.',
        opened_at: before(72),
        closed_at: before(70),
        closed_by: admin,
        // The rate fell back under the threshold that evening; the open alert below is a new rise.
        condition_cleared_at: before(66),
        created_at: before(72),
        updated_at: before(70),
      },
      {
        company_id: companyId,
        kind: 'missed_rate',
        subject_type: company.type,
        subject_id: company.id,
        subject_label: company.label,
        title: 'Missed-call rate 38 % over the last 4 hours (threshold 30 %)',
        details: { rate: 38, missed: 5, total: 13, threshold: 30, window_hours: 4, min_calls: 5 },
        state: 'open',
        opened_at: before(3),
        created_at: before(3),
        updated_at: before(3),
      },
      {
        company_id: companyId,
        kind: 'no_calls',
        subject_type: 'number',
        subject_id: String(demoNumbers.motorsService),
        subject_label: 'Service ((312) 555-0102)',
        title: 'No calls on Service ((312) 555-0102) for 24 hours',
        details: { number_id: demoNumbers.motorsService, number: '+13125550102', hours: 24 },
        state: 'open',
        opened_at: before(6),
        created_at: before(6),
        updated_at: before(6),
      },
    ])
    .returning({ id: alerts.id });
  if (!closed || !missedRate || !noCalls) throw new Error('seed: alerts');
  await tx.insert(alertHistory).values([
    { alert_id: closed.id, action: 'opened', state: 'open', at: before(72) },
    {
      alert_id: closed.id,
      action: 'snoozed',
      state: 'snoozed',
      user_id: admin,
      comment: 'Checking with the service desk.',
      at: before(71.5),
    },
    {
      alert_id: closed.id,
      action: 'closed',
      state: 'closed',
      reason: 'already-aware',
      comment: 'Two agents were out for training that afternoon.',
      user_id: admin,
      at: before(70),
    },
    { alert_id: missedRate.id, action: 'opened', state: 'open', at: before(3) },
    { alert_id: noCalls.id, action: 'opened', state: 'open', at: before(6) },
  ]);
  return { open: [missedRate.id, noCalls.id], closed: closed.id };
}
