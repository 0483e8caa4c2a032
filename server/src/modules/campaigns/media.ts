/**
 * Campaign attachments (MMS): stored as a message's are (`media/<companyId>/<uuid>`, messaging/upload.ts) and
 * served by short-lived signed URLs (media/urls.ts) — relative ones for the editor, absolute ones that outlive a
 * send's wave for the carrier, which fetches each file itself.
 */
import type { Campaign } from '@shared/api/campaigns';
import { and, eq, isNull } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { signCampaignMediaUrl } from '../media/urls';
import type { StoredMedia } from '../messaging/upload';
import type { CampaignRow } from './view';

/** How long a link handed to the carrier works: long enough for its retries of one send. */
export const CARRIER_MEDIA_URL_TTL_MS = 60 * 60_000;

/** The campaign's attachments as the contract shows them, each with a signed link. */
export function campaignMediaViews(ctx: AppContext, row: CampaignRow): Campaign['media'] {
  return row.media.map((media, index) => ({
    url: signCampaignMediaUrl(ctx, { companyId: row.company_id, campaignId: row.id, index }),
    content_type: media.content_type,
    size: media.size,
    name: media.name ?? null,
  }));
}

/** The campaign's attachments as the carrier is given them: absolute signed links (PUBLIC_URL) and their types. */
export function campaignMediaForCarrier(
  ctx: AppContext,
  row: CampaignRow,
): { url: string; content_type: string }[] {
  return row.media.map((media, index) => ({
    url: signCampaignMediaUrl(
      ctx,
      { companyId: row.company_id, campaignId: row.id, index },
      { absolute: true, ttlMs: CARRIER_MEDIA_URL_TTL_MS },
    ),
    content_type: media.content_type,
  }));
}

/**
 * The attachment a signed link names: the campaign must be the signed company's and not deleted. Null when
 * there is no such campaign or attachment.
 */
export async function campaignAttachment(
  ctx: AppContext,
  ref: { companyId: number; campaignId: number; index: number },
): Promise<StoredMedia | null> {
  const [row] = await ctx.db
    .select({ media: campaigns.media })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, ref.campaignId),
        eq(campaigns.company_id, ref.companyId),
        isNull(campaigns.deleted_at),
      ),
    );
  return row?.media[ref.index] ?? null;
}
