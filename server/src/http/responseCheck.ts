/**
 * Holds every answer to its contract (`endpoint.response`) while the API tests run (`checkResponses` in the
 * server's settings, set by testing/testApp.ts and never in production): an answer that drifts from the document —
 * a property the schema does not have, a missing or mistyped one — fails the request that made it with a 500, and
 * the zod issues go to the test log, so the test that made the request says where.
 *
 * Strictly: unknown properties fail too. The contract's schemas strip unknown keys when they parse input (a client
 * sending more is fine), so the check parses with a strict copy of the response schema, made once per route.
 */
import type { Endpoint } from '@shared/api/contract';
import { z } from 'zod';
import { defOf } from '../lib/zodDef';

/** Kinds that wrap one schema (`innerType`): the strict copy wraps the strict inner one. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);

/**
 * A copy of `schema` in which every object refuses properties it does not declare (zod's `strictObject`), with
 * its checks and everything else as they were. The sides of an intersection stay as they are: each side strict
 * would refuse the other's properties.
 */
export function strictSchema(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  const copy = (changes: Record<string, unknown>) =>
    schema.clone({ ...schema.def, ...changes } as unknown as typeof schema.def);
  switch (def.type) {
    case 'object':
      return copy({
        shape: Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, value]) => [key, strictSchema(value)]),
        ),
        catchall: z.never(),
      });
    case 'array':
      return def.element ? copy({ element: strictSchema(def.element) }) : schema;
    case 'union':
      return copy({ options: (def.options ?? []).map(strictSchema) });
    case 'record':
      return def.valueType ? copy({ valueType: strictSchema(def.valueType) }) : schema;
    case 'tuple':
      return copy({
        items: (def.items ?? []).map(strictSchema),
        rest: def.rest ? strictSchema(def.rest) : def.rest,
      });
    case 'pipe':
      // A transform's output has no shape to hold the answer to; the answer is the pipe's input.
      return def.in ? copy({ in: strictSchema(def.in) }) : schema;
    case 'lazy': {
      const getter = def.getter;
      if (!getter) return schema;
      let strict: z.ZodType | undefined;
      return z.lazy(() => {
        strict ??= strictSchema(getter());
        return strict;
      });
    }
    default:
      return WRAPPERS.has(def.type) && def.innerType
        ? copy({ innerType: strictSchema(def.innerType) })
        : schema;
  }
}

/** Thrown when an answer is not what its contract says: the error handler answers 500 (a fault of ours). */
export class ResponseDriftError extends Error {
  override name = 'ResponseDriftError';
}

/**
 * A checker for one endpoint's answers: throws `ResponseDriftError` (after writing the issues to the log) when an
 * answer, as it goes on the wire (JSON), does not match the response schema strictly. The strict copy is made at
 * the first answer, so an app that is built and closed without calling a route pays nothing for it.
 */
export function responseChecker(endpoint: Endpoint): (answer: unknown) => void {
  let strict: z.ZodType | undefined;
  return (answer) => {
    const schema = endpoint.response;
    if (!schema) return;
    strict ??= strictSchema(schema);
    // What the client receives: dates as their ISO text, undefined properties left out.
    const wire = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
    const result = strict.safeParse(wire);
    if (result.success) return;
    const where = `${endpoint.method} ${endpoint.path}`;
    console.error(
      `${where}: the answer does not match its contract response schema\n${z.prettifyError(result.error)}`,
    );
    throw new ResponseDriftError(`${where}: the answer does not match its contract response schema`);
  };
}
