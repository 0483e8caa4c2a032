/**
 * The sandbox's hosted card fields: "Card number", "Expiry", "CVC". What is typed stays in this component's
 * state; the form asks `read()` (./cardFields.ts) for the token (./sandboxCard.ts) when it submits, and the number
 * never leaves the page. The sandbox's test cards are listed, so a tester knows which does what.
 */
import { Group, List, Text, TextInput } from '@mantine/core';
import type { HostedFields } from '@shared/api/billing';
import { forwardRef, useImperativeHandle, useState } from 'react';
import type { CardFieldsHandle } from './cardFields';
import { type CardErrors, type CardInput, checkCard, tokenise } from './sandboxCard';

const OUTCOME_TEXT = {
  succeeds: 'succeeds',
  declined: 'is declined',
  issuer: 'needs the card issuer',
} as const;

export const SandboxCardFields = forwardRef<
  CardFieldsHandle,
  { fields: Extract<HostedFields, { provider: 'sandbox' }> }
>(function SandboxCardFields({ fields }, ref) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  useImperativeHandle(ref, () => ({
    read() {
      const found = checkCard(card, new Date());
      setErrors(found);
      // Tokenising here needs nothing remote: the answer is ready at once.
      return Promise.resolve(Object.keys(found).length ? null : tokenise(card));
    },
  }));
  const set = (key: keyof CardInput) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setCard((current) => ({ ...current, [key]: value }));
  };
  return (
    <>
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={card.number}
        onChange={set('number')}
        error={errors.number}
        withAsterisk
      />
      <Group grow>
        <TextInput
          label="Expiry"
          placeholder="MM/YY"
          autoComplete="cc-exp"
          value={card.expiry}
          onChange={set('expiry')}
          error={errors.expiry}
          withAsterisk
        />
        <TextInput
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={set('cvc')}
          error={errors.cvc}
          withAsterisk
        />
      </Group>
      <Text size="xs" c="dimmed">
        Sandbox payments: no card is charged. Test cards:
      </Text>
      <List size="xs" c="dimmed">
        {fields.test_cards.map((test) => (
          <List.Item key={test.number}>
            {test.number.replace(/(\d{4})(?=\d)/g, '$1 ')} {OUTCOME_TEXT[test.outcome]}
          </List.Item>
        ))}
      </List>
    </>
  );
});
