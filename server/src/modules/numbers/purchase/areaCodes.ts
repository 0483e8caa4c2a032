/** §7 `GET /company/{id}/area-codes`: the area codes of the company's numbers, with how many numbers each. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { liveNumber, numbers } from '../../../db/schema';
import type { AppContext } from '../../../http/context';

export async function companyAreaCodes(
  ctx: AppContext,
  companyId: number,
): Promise<{ area_code: string; count: number }[]> {
  // E.164 "+1NPA…": the three digits after the country code.
  const areaCode = sql<string>`substring(${numbers.number} from 3 for 3)`;
  return ctx.db
    .select({ area_code: areaCode, count: count() })
    .from(numbers)
    .where(and(eq(numbers.company_id, companyId), liveNumber))
    .groupBy(areaCode)
    .orderBy(asc(areaCode));
}
