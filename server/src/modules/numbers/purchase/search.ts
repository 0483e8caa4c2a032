/**
 * §7 `POST /numbers/locate`: the carrier's numbers for a place (area code or state) or toll-free, read in one of
 * §5's search modes with letters as keypad digits, each with its formatted form and, for a vanity search, the
 * form spelled with the search's letters.
 */
import type { AvailableNumber, LocateBodySchema } from '@shared/api/numberPurchase';
import { searchDigits, vanityForm } from '@shared/domain/numberSearch';
import { formatPhone } from '@shared/domain/phone';
import type { z } from 'zod';
import type { AppContext } from '../../../http/context';

export async function locateNumbers(
  ctx: AppContext,
  body: z.output<typeof LocateBodySchema>,
): Promise<AvailableNumber[]> {
  const found = await ctx.numberCarrier.search({
    type: body.type,
    ...(body.area_code ? { areaCode: body.area_code } : {}),
    ...(body.region && !body.area_code ? { region: body.region } : {}),
    ...(body.city && !body.area_code ? { locality: body.city } : {}),
    digits: searchDigits(body.pattern),
    mode: body.mode,
    limit: body.limit,
  });
  return found.map((offer) => ({
    number: offer.number,
    formatted: formatPhone(offer.number),
    vanity: vanityForm(offer.number, body.pattern, body.mode),
    type: offer.type,
    locality: offer.locality,
    region: offer.region,
    capabilities: offer.capabilities,
  }));
}
