/** A live call as the agent's panel and the tests read it (either carrier): phase, agent, hold, keys, transfer. */
import type { LiveCallView } from '@shared/api/voice';
import { formatPhone } from '@shared/domain/phone';
import type { AppContext } from '../../http/context';
import { HttpError } from '../../lib/errors';
import { callById } from './records';
import { extensionKey, personOf } from './ringing';

export async function liveCallView(ctx: AppContext, callId: number): Promise<LiveCallView> {
  const call = await callById(ctx, callId);
  if (!call) throw new HttpError(404, 'The call was not found.');
  const live = call.live;
  const transfer = live?.transfer;
  const targetName = async (): Promise<string> => {
    if (!transfer) return '';
    if (transfer.target.kind === 'agent') return (await personOf(ctx, transfer.target.user_id))?.name ?? '';
    if (transfer.target.kind === 'number') return formatPhone(transfer.target.number);
    return `Extension ${extensionKey(transfer.target.extension)}`;
  };
  return {
    call_id: call.id,
    phase: live?.phase ?? 'ended',
    agent: live?.phase === 'connected' ? await personOf(ctx, call.user_id) : null,
    hold: live?.hold ?? false,
    connected_at: live?.connected_at ?? null,
    digits: live?.digits ?? [],
    transfer: transfer ? { kind: transfer.kind, state: transfer.state, target: await targetName() } : null,
    outcome: call.outcome,
  };
}
