/**
 * §7 Blocks: `GET /blocks/{companyId}`, `POST /blocks`, `DELETE /blocks/{id}`. §3 Block: "target, global,
 * number_id, company_id, action 1" — a caller the company's numbers reject (global: every number; else one).
 */
import { z } from 'zod';
import { normalizePhone } from '../domain/phone';
import { endpoint, IdParamSchema, reference } from './contract';

const id = IdParamSchema;

/** §3 Block action: 1, the only one (reject the caller). */
export const BLOCK_ACTION_REJECT = 1;

export const BLOCK_TARGET_INVALID = 'Enter a valid phone number to block.';
export const BLOCK_ACTION_INVALID = `A block’s action is ${BLOCK_ACTION_REJECT} (reject the caller), the only one there is.`;

export const BlockSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** E.164. */
  target: z.string(),
  global: z.boolean(),
  number_id: z.number().int().nullable(),
  action: z.literal(BLOCK_ACTION_REJECT),
  /** The blocked-on tracked number (E.164), for showing which number without listing them all; null when global. */
  number: z.string().nullable(),
  /** Who blocked the caller (their name, else their email); null when that user is gone. */
  blocked_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** When the caller was blocked. */
  created_at: z.string(),
});
export type Block = z.infer<typeof BlockSchema>;

/**
 * A new block: the caller's number (normalised to E.164), and either `global: true` (every number of the
 * company) or the `number_id` of one of its numbers. §3's `action` may be sent; it can only be 1 (reject), what
 * every block does.
 */
export const BlockCreateSchema = z
  .object({
    company_id: id,
    target: z
      .string({ message: BLOCK_TARGET_INVALID })
      .trim()
      .min(1, { message: BLOCK_TARGET_INVALID })
      .transform((value, context) => {
        const e164 = normalizePhone(value);
        if (!e164) {
          context.addIssue({ code: 'custom', message: BLOCK_TARGET_INVALID });
          return z.NEVER;
        }
        return e164;
      }),
    global: z.boolean().default(false),
    number_id: reference('number').nullable().optional(),
    /** §3 Block "action 1": the one action, reject the caller. */
    action: z.literal(BLOCK_ACTION_REJECT, { message: BLOCK_ACTION_INVALID }).optional(),
  })
  .strict()
  .superRefine((block, context) => {
    if (block.global && block.number_id != null) {
      context.addIssue({
        code: 'custom',
        path: ['number_id'],
        message: 'A global block covers every number; leave the number out.',
      });
    }
    if (!block.global && block.number_id == null) {
      context.addIssue({
        code: 'custom',
        path: ['number_id'],
        message: 'Choose the number to block the caller on, or make the block global.',
      });
    }
  });
export type BlockCreate = z.input<typeof BlockCreateSchema>;

export const BLOCK_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/blocks/{companyId}',
    summary: 'The company’s blocked callers, global and per number, newest first.',
    params: z.object({ companyId: id }),
    response: z.object({ data: z.array(BlockSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/blocks',
    status: 201,
    summary: 'Blocks a caller (normalised to E.164) on every number of the company or on one of its numbers.',
    body: BlockCreateSchema,
    response: BlockSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/blocks/{id}',
    summary: 'Lifts a block.',
    params: z.object({ id }),
    response: null,
  }),
} as const;
