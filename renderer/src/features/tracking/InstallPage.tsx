/**
 * Installing the tracking script (§7 `GET /trackingNumbers/script`, `POST /trackingNumbers/verifyScript`): the
 * snippet to paste before `</head>` on every page, with a copy button, and the website numbers it will replace;
 * then a check of a page of the site — whether it answered, whether the snippet is there with this company's
 * key, the phone numbers found on it and which a pool swaps — in the platform's words.
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { VerifyScript } from '@shared/api/dni';
import { roleCan } from '@shared/domain/permissions';
import { formatPhone } from '@shared/domain/phone';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../api';
import { useShell } from '../../app/context';
import { EmptyState, ErrorAlert, ErrorState, QueryErrorState } from '../../ui/States';
import { RowsSkeleton } from '../schedule/Skeletons';
import { whoMay } from '../schedule/whoMay';
import { TrackingHeader } from './TrackingAreaTabs';
import { useTrackingScript, useVerifyScript } from './trackingApi';

export function InstallPage() {
  const { company } = useShell();
  const companyId = company?.id ?? 0;
  const canView = roleCan(company?.role, 'numbers.view');
  // The check fetches a page from the platform's side: the server keeps it to those who configure numbers.
  const canCheck = roleCan(company?.role, 'numbers.manage');
  const script = useTrackingScript(canView ? companyId : 0);

  let body: ReactNode;
  if (!company) body = <EmptyState title="You are not in a company yet" />;
  else if (!canView)
    body = <ErrorState title="Not allowed" error="Your role in this company cannot see call tracking." />;
  else if (script.isPending) body = <RowsSkeleton label="Loading the tracking snippet" />;
  else if (script.error && !script.data)
    body = <QueryErrorState title="Could not load the tracking snippet" query={script} />;
  else if (script.data)
    body = (
      <>
        <Paper withBorder p="md" component="section" aria-labelledby="snippet-title">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} size="h4" id="snippet-title">
                1. Add the snippet to your website
              </Title>
              <CopyButton value={script.data.snippet}>
                {({ copied, copy }) => (
                  <>
                    <Button
                      size="xs"
                      variant={copied ? 'filled' : 'light'}
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                    >
                      {copied ? 'Copied' : 'Copy snippet'}
                    </Button>
                    {/* Said once copied (the clipboard answered), not on the click: a refused copy says nothing. */}
                    <VisuallyHidden role="status">
                      {copied ? 'Snippet copied to the clipboard' : ''}
                    </VisuallyHidden>
                  </>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Paste it before <Code>{'</head>'}</Code> on every page of your site (or in your tag manager). It
              loads after the page, never holds it back, and leaves your own numbers in place when it cannot
              reach us.
            </Text>
            <Code block aria-label="Tracking snippet" data-testid="tracking-snippet">
              {script.data.snippet}
            </Code>
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="targets-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="targets-title">
              Numbers it will replace
            </Title>
            {script.data.target_numbers.length ? (
              <>
                <Text size="sm" c="dimmed">
                  Wherever your pages show one of these, in text or a tel: link, visitors see a pool’s number.
                </Text>
                <List size="sm">
                  {script.data.target_numbers.map((number) => (
                    <List.Item key={number}>{formatPhone(number)}</List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm">
                None yet: a pool names the numbers your website shows. Until one does, the script changes
                nothing.
              </Text>
            )}
          </Stack>
        </Paper>
        {canCheck ? (
          <Verifier companyId={companyId} />
        ) : (
          <Text size="sm" c="dimmed" role="note">
            Only {whoMay('numbers.manage')} can check a page for the snippet.
          </Text>
        )}
      </>
    );

  return (
    <Stack>
      <TrackingHeader
        title="Install"
        description="The script that shows your pools’ numbers on your website."
      />
      {body}
    </Stack>
  );
}

function Verifier({ companyId }: { companyId: number }) {
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verify = useVerifyScript(companyId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    if (!url.trim()) {
      setFieldError('Give the address of a page of your website.');
      return;
    }
    verify.mutate(url.trim(), {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422)
          setFieldError(error.field('url') ?? error.message);
      },
    });
  };
  const otherError =
    verify.error && !(verify.error instanceof ApiError && verify.error.status === 422)
      ? verify.error.message
      : null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="verify-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="verify-title">
          2. Check a page
        </Title>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Page address"
              placeholder="https://www.example.com"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={fieldError}
              inputMode="url"
              autoComplete="url"
              w={{ base: '100%', sm: 420 }}
            />
            <Button type="submit" mt={25} loading={verify.isPending}>
              Check page
            </Button>
          </Group>
        </form>
        <ErrorAlert message={otherError} />
        {verify.data && <VerifyResult result={verify.data} />}
      </Stack>
    </Paper>
  );
}

function YesNo({ yes, label }: { yes: boolean; label: string }) {
  return (
    <Badge variant="light" color={yes ? 'green' : 'red'} size="lg" tt="none">
      {label}: {yes ? 'yes' : 'no'}
    </Badge>
  );
}

export function VerifyResult({ result }: { result: VerifyScript }) {
  const good = result.reachable && result.installed && result.key_matches;
  return (
    <Stack gap="sm" aria-live="polite">
      <Alert color={good ? 'green' : 'yellow'} title={good ? 'The snippet is installed' : 'Not ready yet'}>
        {result.message}
      </Alert>
      <Group gap="xs">
        <YesNo
          yes={result.reachable}
          label={result.status ? `Page answered (${result.status})` : 'Page answered'}
        />
        <YesNo yes={result.installed} label="Snippet found" />
        <YesNo yes={result.key_matches} label="Key is this company’s" />
      </Group>
      {result.numbers.length > 0 ? (
        <Table withTableBorder aria-label="Phone numbers found on the page">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>As the page shows it</Table.Th>
              <Table.Th>Number</Table.Th>
              <Table.Th>Swapped</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.numbers.map((number) => (
              <Table.Tr key={`${number.text}-${number.number}`}>
                <Table.Td>{number.text}</Table.Td>
                <Table.Td>{formatPhone(number.number)}</Table.Td>
                <Table.Td>
                  {number.swapped
                    ? `Yes, by ${number.pool?.name ?? 'a pool'}`
                    : 'No: no pool names it among its website numbers'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        result.reachable && <Text size="sm">No phone number was found on the page.</Text>
      )}
    </Stack>
  );
}
