/**
 * The dialer: type or paste a number (vanity letters accepted and shown as digits), or pick a contact; the
 * Caller ID the callee sees (one of the company's voice numbers); Call. Only users with a calling line (all three
 * SIP fields, §3) may call; the others are told why. `tel:` links from the desktop fill the number in.
 */
import { Autocomplete, Button, Select, Stack, Text } from '@mantine/core';
import { CONTACT_ENDPOINTS } from '@shared/api/contacts';
import { NUMBER_ENDPOINTS } from '@shared/api/numbers';
import { canPlaceCalls } from '@shared/domain/numbers';
import {
  formatPhone,
  normalizePhone,
  phoneSearchDigits,
  sanitizeVanityInput,
  vanityToDigits,
} from '@shared/domain/phone';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { submitWith } from '../../ui/submitWith';
import type { DialRequest } from './dialRequest';
import { CALL_GREEN, useSoftphone } from './SoftphoneProvider';

/** What the dialer will call: digits of a vanity number, in E.164 when valid. */
export function dialable(input: string): { digits: string; e164: string | null } {
  const digits = /[a-z]/i.test(input) ? vanityToDigits(sanitizeVanityInput(input)) : input.trim();
  return { digits, e164: normalizePhone(digits) };
}

export function Dialer({
  companyId,
  disabledReason,
  prefill,
}: {
  companyId: number;
  /** Why this user cannot call (no calling line), shown instead of calling. */
  disabledReason: string | null;
  /** A number to dial handed over by a tel: link or a call back. */
  prefill: DialRequest | null;
}) {
  const softphone = useSoftphone();
  const [input, setInput] = useState('');
  const [callerId, setCallerId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (prefill) setInput(formatPhone(prefill.number));
  }, [prefill]);

  const numbers = useQuery({
    queryKey: ['Numbers', 'voice', companyId],
    queryFn: async () =>
      (
        await api.call(
          NUMBER_ENDPOINTS.list,
          { params: { companyId }, query: { perPage: 1000 } },
          { silent: true },
        )
      ).data.filter((number) => canPlaceCalls(number.type)),
  });
  useEffect(() => {
    if (!callerId && numbers.data?.[0]) setCallerId(String(numbers.data[0].id));
  }, [numbers.data, callerId]);

  const search = input.trim();
  const contacts = useQuery({
    queryKey: ['Contacts', 'dialer', companyId, search],
    queryFn: async () =>
      (
        await api.call(
          CONTACT_ENDPOINTS.list,
          { query: { companyId, perPage: 8, filters: { search } } },
          { silent: true },
        )
      ).data,
    enabled: search.length >= 2 && !phoneSearchDigits(search),
  });
  const suggestions = (contacts.data ?? []).map(
    (contact) => `${contact.name} — ${formatPhone(contact.number)}`,
  );

  const target = dialable(input.includes('—') ? (input.split('—')[1] ?? '') : input);

  async function call() {
    setError(null);
    if (!target.e164) {
      setError(
        input.trim() ? `"${input.trim()}" is not a phone number we can call.` : 'Enter a number to call.',
      );
      return;
    }
    if (!callerId) {
      setError('Choose the Caller ID the other side sees.');
      return;
    }
    const placed = await softphone.dial(Number(callerId), target.e164);
    if (placed) setInput('');
  }

  return (
    <Stack gap="xs" component="form" aria-label="Dialer" onSubmit={submitWith(call)}>
      <Autocomplete
        label="Phone number"
        placeholder="Number, vanity number or contact"
        value={input}
        onChange={setInput}
        data={suggestions}
        description={
          target.e164 && target.digits !== input.trim() ? `Dials ${formatPhone(target.e164)}` : undefined
        }
        error={error}
      />
      <Select
        label="Caller ID"
        data={(numbers.data ?? []).map((number) => ({
          value: String(number.id),
          label: `${number.label || 'Number'} · ${formatPhone(number.number)}`,
        }))}
        value={callerId}
        onChange={setCallerId}
        allowDeselect={false}
      />
      {disabledReason ? (
        <Text size="sm" c="dimmed" role="note">
          {disabledReason}
        </Text>
      ) : null}
      <Button type="submit" color={CALL_GREEN} disabled={Boolean(disabledReason)}>
        Call
      </Button>
    </Stack>
  );
}
