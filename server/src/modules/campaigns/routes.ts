/**
 * §7 Campaigns: the list, one campaign, create and change (multipart with `media[]`), delete (a sending one is
 * cancelled), pause and resume, the events list, the editor's pre-send summary, and the campaign's attachments
 * by signed URL (public: `<img>` sends no bearer header, so the signature is the access check). Seeing needs
 * campaigns.view, everything else campaigns.manage; the company is `company_id` for the list, a create and the
 * summary, else the campaign's own (another company's, or a deleted one, is a 404).
 */
import { CAMPAIGN_ENDPOINTS as E } from '@shared/api/campaigns';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { notFound } from '../../lib/errors';
import { sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { refuseUnverifiedEmail } from '../auth/verification';
import { linkMaxAgeSeconds, verifyCampaignMediaUrl } from '../media/urls';
import { readSendRequest } from '../messaging/upload';
import { previewCampaign } from './engine';
import { campaignAttachment } from './media';
import { deleteCampaign, getCampaign, pause, resume } from './service/actions';
import { listCampaignEvents } from './service/events';
import { listCampaigns } from './service/list';
import { campaignOf, companyOfCampaign } from './service/records';
import { saveCampaign } from './service/save';

/** Multipart fields sent as repeated `name[]` parts, and how many field parts a campaign's form may have. */
const FORM = { lists: ['groups', 'keep_media'], maxFields: 60 } as const;

export function campaignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, {
    company: { record: ({ params }) => companyOfCampaign(ctx.db, params.id) },
  });
  const byQuery = { company: { query: 'company_id' } } as const;

  route(
    E.list,
    'campaigns.view',
    async ({ company, query }) => listCampaigns(ctx, company.id, query),
    byQuery,
  );

  route(
    E.preview,
    'campaigns.manage',
    async ({ company, body }) => previewCampaign(ctx, company.id, body),
    byQuery,
  );

  route(
    E.create,
    'campaigns.manage',
    async ({ company, caller, request }) => {
      const { fields, media } = await readSendRequest(ctx, company.id, request, FORM);
      return saveCampaign(ctx, { companyId: company.id, userId: caller.user.id, fields, media });
    },
    byQuery,
  );

  route(E.get, 'campaigns.view', async ({ company, params, query }) =>
    getCampaign(ctx, company.id, params.id, query.include),
  );

  route(E.update, 'campaigns.manage', async ({ company, caller, params, request }) => {
    const existing = await campaignOf(ctx, company.id, params.id);
    const { fields, media } = await readSendRequest(ctx, company.id, request, FORM);
    return saveCampaign(ctx, { companyId: company.id, userId: caller.user.id, existing, fields, media });
  });

  route(E.remove, 'campaigns.manage', async ({ company, params }) =>
    deleteCampaign(ctx, company.id, params.id),
  );

  route(E.pause, 'campaigns.manage', async ({ company, params }) => pause(ctx, company.id, params.id));

  // Sending waits for a verified email (auth/verification.ts); saving as queued checks it in service/save.ts.
  route(E.resume, 'campaigns.manage', async ({ caller, company, params }) => {
    refuseUnverifiedEmail(caller.user, 'campaigns');
    return resume(ctx, company.id, params.id);
  });

  route(E.events, 'campaigns.view', async ({ company, params, query }) =>
    listCampaignEvents(ctx, company.id, params.id, query),
  );

  route(E.media, 'public', async ({ params, query, reply }) => {
    const maxAgeSeconds = linkMaxAgeSeconds(
      ctx,
      verifyCampaignMediaUrl(ctx, {
        companyId: query.company,
        campaignId: params.id,
        index: params.index,
        expires: query.expires,
        sig: query.sig,
      }),
      query.expires,
    );
    const media = await campaignAttachment(ctx, {
      companyId: query.company,
      campaignId: params.id,
      index: params.index,
    });
    if (!media) throw notFound('file');
    return sendStoredFile(reply, {
      absolute: storedFilePath(ctx.config.dataDir, 'media', media.path, query.company),
      contentType: media.content_type,
      name: media.name,
      maxAgeSeconds,
      missing: () => notFound('file'),
    });
  });
}
