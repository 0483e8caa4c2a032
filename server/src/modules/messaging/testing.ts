/**
 * Helpers for the messaging and media tests (and others that upload): multipart bodies, tiny real files, fresh
 * recipients, and the rows a send leaves (its conversation item, the texts in the outbox).
 */
import { and, desc, eq } from 'drizzle-orm';
import { conversationItems, outbox } from '../../db/schema';
import type { TestApp } from '../../testing/testApp';

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type Part =
  | [name: string, value: string]
  | [name: string, data: Buffer | string, fileName: string, type: string];

/** A multipart body, parts in the order given. */
export async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.length === 2) form.append(part[0], part[1]);
    else form.append(part[0], new Blob([part[1]], { type: part[3] }), part[2]);
  }
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Fresh fictional recipients, one a call: +1312555 then the serial after `last`, four digits. */
export function recipientsAfter(last: number): () => string {
  let serial = last;
  return () => `+1312555${String(++serial).padStart(4, '0')}`;
}

/** The conversation item's row, or undefined when there is none. */
export const itemRow = async (t: TestApp, id: number) =>
  (await t.ctx.db.select().from(conversationItems).where(eq(conversationItems.id, id)))[0];

/** The texts (SMS/MMS) the outbox holds for a number, newest first. */
export const textsTo = (t: TestApp, to: string) =>
  t.ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.to, to)))
    .orderBy(desc(outbox.id));
