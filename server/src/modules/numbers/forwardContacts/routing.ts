/**
 * The company's routing as far as forwarding numbers and extension suggestions go: each of its numbers (not
 * released to the carrier) with its stored routes (§3 Routing entry), the one place both read them from.
 */
import type { StoredRoute } from '@shared/api/numbers';
import { and, asc, eq } from 'drizzle-orm';
import { liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';

export interface CompanyNumberRoutes {
  id: number;
  number: string;
  label: string;
  routes: StoredRoute[];
}

/** The company's numbers with their routes, by number. */
export function companyRouting(ctx: AppContext, companyId: number): Promise<CompanyNumberRoutes[]> {
  return ctx.db
    .select({ id: numbers.id, number: numbers.number, label: numbers.label, routes: numbers.routes })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber))
    .orderBy(asc(numbers.number), asc(numbers.id));
}
