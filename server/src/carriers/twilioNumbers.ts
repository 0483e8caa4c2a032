/**
 * Twilio's number inventory through the official SDK: `availablePhoneNumbers('US').local` / `.tollFree` `.list`
 * to search, `incomingPhoneNumbers.create` to buy (calls and texts pointed at our voice and SMS webhooks) and
 * `incomingPhoneNumbers(sid).remove` to give one back.
 *
 * §5's search modes as Twilio's `contains` pattern (digits and letters; `*` any one digit, allowed only at the
 * pattern's ends): Contains sends the digits as they are; Starts with fills the area code and the digits after
 * the seven with `*` (`***2277***`); Ends with fills the ten digits before them (`******2277`). A pattern Twilio
 * cannot take (fewer than two digits) is not sent; every answer is held to `matchesSearch` as the sandbox's is.
 */
import { matchesSearch } from '@shared/domain/numberSearch';
import twilio from 'twilio';
import type { NumberCarrier, NumberQuery, OfferedNumber } from './numbers';
import { NumberUnavailable } from './numbers';

export interface TwilioNumberOptions {
  accountSid: string;
  authToken: string;
  /** The SDK's HTTP client (tests answer canned JSON through it); the SDK's own by default. */
  httpClient?: NonNullable<Parameters<typeof twilio>[2]>['httpClient'];
}

/** The `contains` pattern for a search, or undefined when Twilio cannot take one (fewer than two digits). */
export function twilioContains(query: Pick<NumberQuery, 'digits' | 'mode'>): string | undefined {
  const { digits, mode } = query;
  if (digits.length < 2) return undefined;
  switch (mode) {
    case 'contains':
      return digits;
    case 'starts_with':
      return `***${digits}${'*'.repeat(Math.max(0, 7 - digits.length))}`;
    case 'ends_with':
      return `${'*'.repeat(Math.max(0, 10 - digits.length))}${digits}`;
  }
}

interface TwilioAvailable {
  phoneNumber: string;
  locality: string | null;
  region: string | null;
  capabilities: Record<string, boolean | undefined>;
}

function offered(found: TwilioAvailable, type: 1 | 2): OfferedNumber {
  const capabilities = found.capabilities ?? {};
  return {
    number: found.phoneNumber,
    type,
    locality: found.locality ?? '',
    region: found.region ?? '',
    capabilities: {
      voice: Boolean(capabilities.voice ?? capabilities.Voice),
      sms: Boolean(capabilities.sms ?? capabilities.SMS),
      mms: Boolean(capabilities.mms ?? capabilities.MMS),
    },
  };
}

export function twilioNumberCarrier(options: TwilioNumberOptions): NumberCarrier {
  let client: ReturnType<typeof twilio> | undefined;
  const sdk = () => {
    client ??= twilio(
      options.accountSid,
      options.authToken,
      options.httpClient ? { httpClient: options.httpClient } : {},
    );
    return client;
  };
  return {
    name: 'twilio',
    async search(query) {
      const contains = twilioContains(query);
      const params = {
        ...(query.areaCode ? { areaCode: Number(query.areaCode) } : {}),
        ...(contains ? { contains } : {}),
        smsEnabled: true,
        voiceEnabled: true,
        limit: query.limit,
      };
      const country = sdk().availablePhoneNumbers('US');
      const found: TwilioAvailable[] =
        query.type === 1
          ? await country.tollFree.list(params)
          : await country.local.list({
              ...params,
              ...(query.region ? { inRegion: query.region } : {}),
              ...(query.locality ? { inLocality: query.locality } : {}),
            });
      return found
        .filter((one) => matchesSearch(one.phoneNumber, query.digits, query.mode))
        .slice(0, query.limit)
        .map((one) => offered(one, query.type));
    },
    async purchase(number, hooks) {
      const pointing = {
        voiceUrl: hooks.voiceUrl,
        voiceMethod: 'POST',
        smsUrl: hooks.smsUrl,
        smsMethod: 'POST',
      };
      try {
        const bought = await sdk().incomingPhoneNumbers.create({ phoneNumber: number, ...pointing });
        return { sid: bought.sid };
      } catch (error) {
        if (!(error instanceof twilio.RestException) || error.status < 400 || error.status >= 500)
          throw error;
        // Bought already by this account — a purchase whose process died before recording it, asked again: the
        // number is ours, so it is taken as bought (pointed at our webhooks again) instead of left paid for and
        // unused. Anything else Twilio refuses (21422: gone) the person picks another for.
        const [held] = await sdk().incomingPhoneNumbers.list({ phoneNumber: number, limit: 1 });
        if (held) {
          await sdk().incomingPhoneNumbers(held.sid).update(pointing);
          return { sid: held.sid };
        }
        throw new NumberUnavailable(error.message);
      }
    },
    async release(sid) {
      await sdk().incomingPhoneNumbers(sid).remove();
    },
  };
}
