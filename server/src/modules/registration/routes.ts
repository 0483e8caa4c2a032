/**
 * §7 Text-messaging registration. Reading needs `numbers.view` (which numbers may text, and why not, is part of
 * working the numbers: owner, administrator, reporting, agent); every change — drafts, files, the check, submit
 * (which pays the registration fees), cancel and numbers — needs `settings.manage` (owner and administrator), as
 * other company-wide settings do (docs/permissions.md "Text-messaging registration"). The company is the path's;
 * a registration of another company answers 404.
 */
import { REGISTRATION_ENDPOINTS as E, REGISTRATION_MESSAGES } from '@shared/api/registration';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { HttpError, notFound } from '../../lib/errors';
import { sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { linkMaxAgeSeconds } from '../media/urls';
import { createRegistration, deleteRegistration, dropFile, updateBrand, updateCampaign } from './drafts';
import { uploadSupportingFile } from './files';
import { verifySupportingFileUrl } from './fileUrls';
import { addNumbers, removeNumbers } from './numbers';
import { registrationOf, registrationsOf, supportingFileOf } from './records';
import { finishSandboxReview } from './review';
import { cancelRegistration, checkRegistration, submitRegistration } from './submit';
import { overallStatus, registrationView, registrationViews } from './view';

export function registrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { param: 'companyId' } });

  route(E.list, 'numbers.view', async ({ company }) => {
    const rows = await registrationsOf(ctx, company.id);
    // The live one of each kind (newest first): an expired registration no longer speaks for its kind.
    const statusOf = (kind: 'local' | 'toll_free') => {
      const row = rows.find((one) => one.kind === kind && !one.expired_at);
      return row ? overallStatus(row) : null;
    };
    return {
      data: await registrationViews(ctx, rows),
      status: { local: statusOf('local'), toll_free: statusOf('toll_free') },
    };
  });

  route(E.create, 'settings.manage', async ({ company, body }) =>
    registrationView(ctx, await createRegistration(ctx, company.id, body)),
  );

  route(E.get, 'numbers.view', async ({ company, params }) =>
    registrationView(ctx, await registrationOf(ctx, company.id, params.id)),
  );

  route(E.update, 'settings.manage', async ({ company, params, body }) =>
    registrationView(ctx, await updateCampaign(ctx, company.id, params.id, body.campaign)),
  );

  route(
    E.brand,
    'numbers.view',
    async ({ company, params }) =>
      (await registrationView(ctx, await registrationOf(ctx, company.id, params.id))).brand,
  );

  route(E.updateBrand, 'settings.manage', async ({ company, params, body }) =>
    registrationView(ctx, await updateBrand(ctx, company.id, params.id, body.brand)),
  );

  route(E.uploadFile, 'settings.manage', async ({ company, params, request }) =>
    uploadSupportingFile(ctx, company.id, params.id, request),
  );

  // The file by its signed URL (fileUrls.ts): the signature is the access check, as for attachments.
  route(E.file, 'public', async ({ params, query, reply }) => {
    const maxAgeSeconds = linkMaxAgeSeconds(
      ctx,
      verifySupportingFileUrl(ctx, {
        companyId: query.company,
        fileId: params.fileId,
        expires: query.expires,
        sig: query.sig,
      }),
      query.expires,
    );
    const file = await supportingFileOf(ctx, query.company, params.fileId);
    if (!file) throw notFound('file');
    return sendStoredFile(reply, {
      absolute: storedFilePath(ctx.config.dataDir, 'registration', file.path, query.company),
      contentType: file.content_type,
      name: file.name,
      maxAgeSeconds,
      missing: () => notFound('file'),
    });
  });

  route(E.removeFile, 'settings.manage', async ({ company, params }) =>
    registrationView(ctx, await dropFile(ctx, company.id, params.id, params.fileId)),
  );

  route(E.check, 'settings.manage', async ({ company, params }) =>
    checkRegistration(ctx, company.id, params.id),
  );

  route(E.submit, 'settings.manage', async ({ company, params, body }) => {
    const { message, row } = await submitRegistration(ctx, company.id, params.id, body.confirm_fee_cents);
    return { message, registration: await registrationView(ctx, row) };
  });

  route(E.remove, 'settings.manage', async ({ company, params }) => {
    await deleteRegistration(ctx, company.id, params.id);
  });

  route(E.cancel, 'settings.manage', async ({ company, params }) => {
    const { message, row } = await cancelRegistration(ctx, company.id, params.id);
    return { message, registration: await registrationView(ctx, row) };
  });

  route(E.addNumbers, 'settings.manage', async ({ company, params, body }) => {
    const { message } = await addNumbers(ctx, company.id, params.id, body.numbers);
    return {
      message,
      registration: await registrationView(ctx, await registrationOf(ctx, company.id, params.id)),
    };
  });

  route(E.removeNumbers, 'settings.manage', async ({ company, params, body }) => {
    const { message } = await removeNumbers(ctx, company.id, params.id, body.numbers);
    return {
      message,
      registration: await registrationView(ctx, await registrationOf(ctx, company.id, params.id)),
    };
  });

  route(E.sandboxReview, 'settings.manage', async ({ company, params }) => {
    // Like the sandbox carrier's own routes: there is no such thing with a real registry.
    if (ctx.config.twilio) throw new HttpError(404, REGISTRATION_MESSAGES.sandboxOnly);
    const row = await registrationOf(ctx, company.id, params.id);
    return registrationView(ctx, await finishSandboxReview(ctx, row));
  });
}
