/**
 * Twilio's number inventory through the official SDK with a fake transport (the SDK's `httpClient` answers canned
 * JSON and records each request): §5's modes as Twilio's `contains` pattern, local and toll-free searches, what is
 * sent to buy a number (our voice and SMS webhooks), a number Twilio no longer has, and giving one back.
 */
import { describe, expect, it } from 'vitest';
import { NumberUnavailable } from './numbers';
import { type TwilioNumberOptions, twilioContains, twilioNumberCarrier } from './twilioNumbers';

interface SentRequest {
  method: string;
  uri: string;
  params?: Record<string, unknown>;
  data?: Record<string, unknown>;
}

/** A transport answering each request with the next canned reply, and the requests it was sent. */
function fakeTransport(replies: { statusCode: number; body: unknown }[]) {
  const sent: SentRequest[] = [];
  const httpClient = {
    async request(options: SentRequest) {
      sent.push(options);
      const reply = replies.shift() ?? { statusCode: 500, body: { message: 'no reply left' } };
      return {
        statusCode: reply.statusCode,
        body: reply.body === '' ? '' : JSON.stringify(reply.body),
        headers: {},
      };
    },
  };
  const carrier = twilioNumberCarrier({
    accountSid: 'AC00000000000000000000000000000000',
    authToken: 'test-token',
    httpClient: httpClient as unknown as TwilioNumberOptions['httpClient'],
  });
  return { carrier, sent };
}

/** A page of the account's own numbers (`GET IncomingPhoneNumbers.json`). */
const incoming = (numbers: { sid: string; phone_number: string }[]) => ({
  statusCode: 200,
  body: {
    incoming_phone_numbers: numbers,
    uri: '/2010-04-01/Accounts/AC00000000000000000000000000000000/IncomingPhoneNumbers.json',
    page: 0,
    page_size: 1,
    start: 0,
    end: numbers.length,
    first_page_uri: null,
    next_page_uri: null,
    previous_page_uri: null,
  },
});

const available = (phone: string, place: { locality?: string; region?: string } = {}) => ({
  friendly_name: phone,
  phone_number: phone,
  lata: '358',
  locality: place.locality ?? null,
  rate_center: 'CHICAGO',
  latitude: '41.88',
  longitude: '-87.63',
  region: place.region ?? null,
  postal_code: null,
  iso_country: 'US',
  address_requirements: 'none',
  beta: false,
  capabilities: { voice: true, SMS: true, MMS: false, fax: false },
});
const page = (numbers: unknown[]) => ({
  statusCode: 200,
  body: {
    available_phone_numbers: numbers,
    uri: '/2010-04-01/Accounts/AC00000000000000000000000000000000/AvailablePhoneNumbers/US/Local.json',
    page: 0,
    page_size: 50,
    start: 0,
    end: numbers.length,
    first_page_uri: null,
    next_page_uri: null,
    previous_page_uri: null,
  },
});

describe('§5 search modes as Twilio’s contains pattern', () => {
  it.each([
    ['contains', '2277', '2277'],
    ['starts_with', '2277', '***2277***'],
    ['ends_with', '2277', '******2277'],
    ['starts_with', '3569377', '***3569377'],
    ['ends_with', '3569377', '***3569377'],
    ['contains', '7', undefined],
    ['contains', '', undefined],
  ] as const)('%s %s → %s', (mode, digits, pattern) => {
    expect(twilioContains({ mode, digits })).toBe(pattern);
  });
});

describe('twilioNumberCarrier', () => {
  it('searches local numbers by area code with the pattern, voice and SMS capable', async () => {
    const { carrier, sent } = fakeTransport([
      page([
        available('+13122277001', { locality: 'Chicago', region: 'IL' }),
        available('+13125552277', { locality: 'Chicago', region: 'IL' }),
      ]),
    ]);
    const found = await carrier.search({
      type: 2,
      areaCode: '312',
      digits: '2277',
      mode: 'starts_with',
      limit: 10,
    });
    expect(sent[0]?.method).toBe('get');
    expect(sent[0]?.uri).toContain('/AvailablePhoneNumbers/US/Local.json');
    expect(sent[0]?.params).toMatchObject({
      AreaCode: 312,
      Contains: '***2277***',
      SmsEnabled: 'true',
      VoiceEnabled: 'true',
    });
    // Twilio's answers are held to the mode as well: 555-2277 does not start with 2277.
    expect(found).toEqual([
      {
        number: '+13122277001',
        type: 2,
        locality: 'Chicago',
        region: 'IL',
        capabilities: { voice: true, sms: true, mms: false },
      },
    ]);
  });

  it('searches toll-free numbers, and local ones by state and near a city', async () => {
    const { carrier, sent } = fakeTransport([page([available('+18003569377')]), page([]), page([])]);
    const tollFree = await carrier.search({
      type: 1,
      areaCode: '800',
      digits: '3569377',
      mode: 'contains',
      limit: 5,
    });
    expect(sent[0]?.uri).toContain('/AvailablePhoneNumbers/US/TollFree.json');
    expect(sent[0]?.params).toMatchObject({ AreaCode: 800, Contains: '3569377' });
    expect(tollFree.map((one) => [one.number, one.type, one.locality])).toEqual([['+18003569377', 1, '']]);
    await carrier.search({ type: 2, region: 'IL', digits: '', mode: 'contains', limit: 5 });
    expect(sent[1]?.params).toMatchObject({ InRegion: 'IL' });
    expect(sent[1]?.params).not.toHaveProperty('Contains');
    // Near a city: Twilio's InLocality, with the state when given.
    await carrier.search({
      type: 2,
      region: 'IL',
      locality: 'Chicago',
      digits: '',
      mode: 'contains',
      limit: 5,
    });
    expect(sent[2]?.params).toMatchObject({ InRegion: 'IL', InLocality: 'Chicago' });
  });

  it('buys a number pointing its calls and texts at our webhooks', async () => {
    const { carrier, sent } = fakeTransport([
      { statusCode: 201, body: { sid: 'PN0123456789abcdef0123456789abcdef', phone_number: '+13122277001' } },
    ]);
    const hooks = {
      voiceUrl: 'https://switchboard.example.test/api/webhooks/twilio/voice',
      smsUrl: 'https://switchboard.example.test/api/webhooks/twilio/sms',
    };
    expect(await carrier.purchase('+13122277001', hooks)).toEqual({
      sid: 'PN0123456789abcdef0123456789abcdef',
    });
    expect(sent[0]?.method).toBe('post');
    expect(sent[0]?.uri).toContain('/IncomingPhoneNumbers.json');
    expect(sent[0]?.data).toMatchObject({
      PhoneNumber: '+13122277001',
      VoiceUrl: hooks.voiceUrl,
      VoiceMethod: 'POST',
      SmsUrl: hooks.smsUrl,
      SmsMethod: 'POST',
    });
  });

  it('a number Twilio no longer has is NumberUnavailable with Twilio’s message', async () => {
    const { carrier } = fakeTransport([
      {
        statusCode: 400,
        body: { code: 21422, message: 'PhoneNumber requested is not available', status: 400 },
      },
      incoming([]),
    ]);
    const attempt = carrier.purchase('+13122277001', {
      voiceUrl: 'https://x.test/v',
      smsUrl: 'https://x.test/s',
    });
    await expect(attempt).rejects.toBeInstanceOf(NumberUnavailable);
    await expect(attempt).rejects.toThrow('PhoneNumber requested is not available');
  });

  it('a number this account bought already (a purchase that died before it was recorded) is taken as bought', async () => {
    const sid = 'PNfedcba9876543210fedcba9876543210';
    const { carrier, sent } = fakeTransport([
      {
        statusCode: 400,
        body: { code: 21422, message: 'PhoneNumber requested is not available', status: 400 },
      },
      incoming([{ sid, phone_number: '+13122277001' }]),
      { statusCode: 200, body: { sid, phone_number: '+13122277001' } },
    ]);
    const hooks = { voiceUrl: 'https://x.test/v', smsUrl: 'https://x.test/s' };
    expect(await carrier.purchase('+13122277001', hooks)).toEqual({ sid });
    expect(sent[1]?.method).toBe('get');
    expect(sent[1]?.params).toMatchObject({ PhoneNumber: '+13122277001' });
    expect(sent[2]?.uri).toContain(`/IncomingPhoneNumbers/${sid}.json`);
    expect(sent[2]?.data).toMatchObject({ VoiceUrl: hooks.voiceUrl, SmsUrl: hooks.smsUrl });
  });

  it('gives a number back', async () => {
    const { carrier, sent } = fakeTransport([{ statusCode: 204, body: '' }]);
    await carrier.release('PN0123456789abcdef0123456789abcdef');
    expect(sent[0]?.method).toBe('delete');
    expect(sent[0]?.uri).toContain('/IncomingPhoneNumbers/PN0123456789abcdef0123456789abcdef.json');
  });
});
