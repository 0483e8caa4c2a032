/**
 * The campaign send engine: what the campaign routes call (start, pause, resume, cancel, the pre-send summary)
 * and the job, sweeps and hooks the rest of the server gives it (receipts, replies). See send.ts for how a send
 * is made exactly once.
 */
export {
  CAMPAIGN_SEND_JOB,
  CONTROL_MESSAGES,
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleSend,
  unscheduleSend,
} from './control';
export { applyCampaignReceipt, noteCampaignReply } from './hooks';
export { previewCampaign } from './preview';
export { campaignSendJob } from './send';
export { markStatsDirty, publishCampaign, refreshDirtyStats, refreshStats, takeStats } from './stats';
