/**
 * Maxio's hosted card fields (Chargify.js): "Card number", "Expiry month", "Expiry year" and "CVC" are iframes
 * Chargify.js puts into the labelled boxes below, so what is typed goes to Maxio and never to this page. It is
 * configured with what `GET /chargify/security-token` answered (the public key, a one-use security token and the
 * site's server host). When the form submits, `read()` asks Chargify.js for the token; Chargify.js answers the
 * token alone, and the server reads the card's last four, expiry and brand from Maxio when it vaults the token.
 */
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import type { HostedFields } from '@shared/api/billing';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { ErrorAlert, LoadingState } from '../../ui/States';
import type { CardFieldsHandle } from './cardFields';
import {
  CHARGIFY_JS_FAILED,
  type ChargifyForm,
  type ChargifyLoadOptions,
  type ChargifyTokenError,
  loadChargifyJs,
} from './chargifyJs';

/** The hosted fields Chargify.js fills, by its names for them, with their labels. */
const LABELS = { number: 'Card number', month: 'Expiry month', year: 'Expiry year', cvv: 'CVC' } as const;

type FieldKey = keyof typeof LABELS;

export const CARD_NOT_TOKENISED = 'The card could not be checked. Check the card details and try again.';
/** Saving before Chargify.js has drawn the fields: said, rather than nothing happening. */
export const CARD_FORM_LOADING = 'The card form is still loading. Try again in a moment.';

/** Chargify.js's error as one sentence: its own message when it gives one. */
function tokenErrorText(error: ChargifyTokenError): string {
  const message = typeof error?.message === 'string' ? error.message.trim() : '';
  return message || CARD_NOT_TOKENISED;
}

export const MaxioCardFields = forwardRef<
  CardFieldsHandle,
  { fields: Extract<HostedFields, { provider: 'maxio' }> }
>(function MaxioCardFields({ fields }, ref) {
  // useId's ":r0:" is not a CSS selector Chargify.js can find: keep its letters and digits.
  const idBase = `chargify-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const idOf = (key: FieldKey) => `${idBase}-${key}`;
  const box = useRef<HTMLDivElement>(null);
  const chargify = useRef<ChargifyForm | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [tokenError, setTokenError] = useState<string | null>(null);

  const { public_key: publicKey, security_token: securityToken, server_host: serverHost } = fields;
  // A new attempt (Retry) loads the script and the fields again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Retry trigger, not read inside
  useEffect(() => {
    let mounted = true;
    let form: ChargifyForm | null = null;
    setStatus('loading');
    loadChargifyJs().then(
      (Chargify) => {
        if (!mounted) return;
        const field = (key: FieldKey) => ({
          selector: `#${idBase}-${key}`,
          label: LABELS[key],
          required: true,
        });
        const options: ChargifyLoadOptions = {
          publicKey,
          securityToken,
          serverHost,
          type: 'card',
          fields: {
            number: field('number'),
            month: field('month'),
            year: field('year'),
            cvv: field('cvv'),
          },
        };
        form = new Chargify();
        form.load(options);
        chargify.current = form;
        setStatus('ready');
        setTokenError(null);
      },
      () => {
        if (mounted) setStatus('failed');
      },
    );
    return () => {
      mounted = false;
      chargify.current = null;
      form?.unload();
    };
  }, [idBase, publicKey, securityToken, serverHost, attempt]);

  useImperativeHandle(ref, () => ({
    read() {
      setTokenError(null);
      const form = chargify.current;
      const host = box.current?.closest('form') ?? box.current;
      if (!form || !host) {
        // A form that failed to load says so already, with its Retry.
        if (status === 'loading') setTokenError(CARD_FORM_LOADING);
        return Promise.resolve(null);
      }
      return new Promise((resolve) => {
        form.token(
          host,
          (token) => resolve({ chargify_token: token }),
          (error) => {
            setTokenError(tokenErrorText(error));
            resolve(null);
          },
        );
      });
    },
  }));

  return (
    <Stack gap="xs" ref={box}>
      {status === 'loading' && <LoadingState label="Loading the card form" />}
      {status === 'failed' && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{CHARGIFY_JS_FAILED}</Text>
            <Button size="xs" variant="light" onClick={() => setAttempt((count) => count + 1)}>
              Retry
            </Button>
          </Stack>
        </Alert>
      )}
      {/* The boxes stay in the page while the script loads: Chargify.js needs them there to load the fields. */}
      <Stack gap="xs" display={status === 'ready' ? undefined : 'none'}>
        <HostedField id={idOf('number')} label={LABELS.number} />
        <Group grow align="flex-start">
          <HostedField id={idOf('month')} label={LABELS.month} />
          <HostedField id={idOf('year')} label={LABELS.year} />
          <HostedField id={idOf('cvv')} label={LABELS.cvv} />
        </Group>
      </Stack>
      <ErrorAlert message={tokenError} />
    </Stack>
  );
});

/**
 * One hosted field's box, named by its visible label: the iframe inside carries the same label for its own input,
 * since a label on this page cannot name an input in another document.
 */
function HostedField({ id, label }: { id: string; label: string }) {
  const labelId = `${id}-label`;
  return (
    <Box>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Box id={id} role="group" aria-labelledby={labelId} mih={40} />
    </Box>
  );
}
