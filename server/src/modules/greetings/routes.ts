/**
 * §7 Greetings (service.ts). Reading greetings needs numbers.view — everyone who works the numbers and sees how
 * a line routes (owner, administrator, reporting, agent); adding, changing, deleting and previewing speech need
 * numbers.manage, the access that configures numbers (`PUT /numbers/{id}`), since a greeting is what a number
 * plays. A greeting by id is its own company's (another company's answers 404). The voice list is no company's
 * data: any signed-in user may read it. The audio itself is public by its signed URL, like all media.
 */
import { DEFAULT_GREETING_VOICE, GREETING_ENDPOINTS as E } from '@shared/api/greetings';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../http/context';
import { moduleRoutes } from '../../http/route';
import { notFound } from '../../lib/errors';
import { sendStoredFile, storedFilePath } from '../../lib/storedFiles';
import { linkMaxAgeSeconds, verifyGreetingUrl } from '../media/urls';
import {
  deleteGreeting,
  getGreeting,
  greetingAudioOf,
  greetingCompany,
  greetingVoices,
  listGreetings,
  renderSpeech,
  saveGreeting,
} from './service';
import { readGreetingRequest } from './upload';

export function greetingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = moduleRoutes(app, ctx, { company: { query: 'companyId' } });

  const byRecord = { record: ({ params }: { params: { id: number } }) => greetingCompany(ctx, params.id) };

  route(E.list, 'numbers.view', async ({ company }) => ({ data: await listGreetings(ctx, company.id) }));

  route(E.voices, 'authenticated', () => greetingVoices(ctx));

  route(E.get, 'numbers.view', ({ company, params }) => getGreeting(ctx, company.id, params.id), {
    company: byRecord,
  });

  route(E.save, 'numbers.manage', async ({ company, caller, request, reply }) => {
    const { fields, file } = await readGreetingRequest(ctx, company.id, request);
    const { created, ...answer } = await saveGreeting(ctx, {
      companyId: company.id,
      userId: caller.user.id,
      fields,
      file,
    });
    // One call adds or changes: 201 for a new greeting, 200 for a change.
    return reply.status(created ? 201 : 200).send(answer);
  });

  route(E.speak, 'numbers.manage', async ({ body, reply }) => {
    const wav = await renderSpeech(ctx, body.content, body.voice ?? DEFAULT_GREETING_VOICE);
    return reply
      .status(200)
      .header('content-type', 'audio/wav')
      .header('content-length', String(wav.length))
      .header('cache-control', 'no-store')
      .header('content-disposition', 'inline; filename="preview.wav"')
      .header('x-content-type-options', 'nosniff')
      .send(wav);
  });

  route(
    E.remove,
    'numbers.manage',
    async ({ company, params }) => ({ message: await deleteGreeting(ctx, company.id, params.id) }),
    { company: byRecord },
  );

  // The audio by its signed URL (media/urls.ts): the signature is the access check, as for attachments.
  route(E.audio, 'public', async ({ params, query, reply }) => {
    const maxAgeSeconds = linkMaxAgeSeconds(
      ctx,
      verifyGreetingUrl(ctx, {
        companyId: query.company,
        id: params.id,
        expires: query.expires,
        sig: query.sig,
      }),
      query.expires,
    );
    const row = await greetingAudioOf(ctx, query.company, params.id);
    if (!row?.path) throw notFound('greeting');
    return sendStoredFile(reply, {
      absolute: storedFilePath(ctx.config.dataDir, 'greetings', row.path, query.company),
      contentType: row.type,
      maxAgeSeconds,
      missing: () => notFound('greeting'),
    });
  });
}
