/**
 * The query of a short-lived signed URL to a stored file (a call's or voicemail's recording, a greeting's audio):
 * the company it belongs to, when it expires, and the signature over both. Opened without signing in.
 */
import { z } from 'zod';
import { IdParamSchema } from './contract';

export const SignedUrlQuerySchema = z.object({
  company: IdParamSchema,
  expires: z.coerce.number().int(),
  sig: z.string().max(128),
});
