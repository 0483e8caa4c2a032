/**
 * The pre-send summary (§7 "POST /campaigns/preview"): who will get the campaign and who not and why, the
 * segments and encoding (and which characters make it UCS-2), the credits it costs, the texting-hour waves, how
 * long it takes at the sending number's pace, and the text as a real recipient will get it.
 */
import { Alert, Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CampaignPreview } from '@shared/api/campaigns';
import { SKIP_REASONS } from '@shared/domain/campaignSending';
import { labelOf } from '@shared/domain/codes';
import { formatPhone } from '@shared/domain/phone';
import type { ReactNode } from 'react';
import { failureSummary } from '../../ui/formErrors';
import { counted, formatDuration, formatPace, waveLines } from './format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} w="40%" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function PreSendSummary({
  preview,
  groupChosen,
  updating,
  error,
  hasMedia,
  tz,
}: {
  preview: CampaignPreview | undefined;
  groupChosen: boolean;
  /** A newer summary is being worked out (the one shown is for an earlier version of the campaign). */
  updating: boolean;
  error: unknown;
  hasMedia: boolean;
  tz: string;
}) {
  const waves = preview ? waveLines(preview.waves, tz) : [];
  const waiting = waves.filter((wave) => !wave.now);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pre-send-summary" aria-busy={updating}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="pre-send-summary">
            Before you send
          </Title>
          {updating && preview && <Loader size="xs" aria-label="Updating the summary" />}
        </Group>
        {!groupChosen ? (
          <Text size="sm" c="dimmed">
            Choose a group to see who will get it, what it costs and how long it takes.
          </Text>
        ) : error && !preview ? (
          <Alert color="red" role="alert" title="Could not work out the summary">
            {failureSummary(error)}
          </Alert>
        ) : !preview ? (
          <Group gap="xs">
            <Loader size="sm" aria-label="Working out the summary" />
            <Text size="sm" c="dimmed">
              Working out the summary…
            </Text>
          </Group>
        ) : (
          <>
            <Table withRowBorders={false} verticalSpacing={4} fz="sm" aria-label="Pre-send summary">
              <Table.Tbody>
                <Row label="Recipients">
                  <Text size="sm" fw={600} span>
                    {counted(preview.recipients, 'recipient')}
                  </Text>{' '}
                  of {counted(preview.members, 'group member')}
                </Row>
                <Row label="Skipped">
                  {preview.skipped.length === 0 ? (
                    'Nobody'
                  ) : (
                    <Stack gap={0}>
                      {preview.skipped.map((skip) => (
                        <span key={skip.reason}>
                          {labelOf(SKIP_REASONS, skip.reason, skip.reason)}:{' '}
                          {skip.count.toLocaleString('en-US')}
                        </span>
                      ))}
                    </Stack>
                  )}
                </Row>
                <Row label="Message">
                  {hasMedia
                    ? 'MMS, one message per recipient'
                    : `${counted(preview.segments, 'segment')}, ${preview.encoding}`}
                  {preview.encoding === 'UCS-2' && preview.ucs2_characters.length > 0 && (
                    <Text size="xs" c="dimmed" component="div">
                      UCS-2 (70 characters a segment instead of 160) because of:{' '}
                      {preview.ucs2_characters.map((character) => (
                        <Badge
                          key={character}
                          size="sm"
                          variant="outline"
                          color="gray"
                          mr={4}
                          style={{ textTransform: 'none' }}
                        >
                          {character}
                        </Badge>
                      ))}
                    </Text>
                  )}
                </Row>
                <Row label="Credits">
                  {counted(preview.credits, 'credit')}
                  <Text size="xs" c="dimmed">
                    {hasMedia ? 'one per recipient' : 'segments × recipients'}
                  </Text>
                </Row>
                <Row label="Takes">
                  {formatDuration(preview.duration_seconds)}
                  <Text size="xs" c="dimmed">
                    at {formatPace(preview.per_second, preview.per_day)} from this number
                    {waiting.length ? ', plus the waits for texting hours' : ''}
                  </Text>
                </Row>
                <Row label="Texting hours">
                  {waves.length === 0 ? (
                    '—'
                  ) : waiting.length === 0 ? (
                    'Everyone can be texted at once'
                  ) : (
                    <Stack gap={0}>
                      {waves.map((wave) => (
                        <span key={wave.label}>
                          {wave.label}: {counted(wave.count, 'recipient')}
                        </span>
                      ))}
                      <Text size="xs" c="dimmed">
                        Recipients outside their texting hours (8 am–9 pm where they live, less in some
                        states) wait for them. Times are in {tz}.
                      </Text>
                    </Stack>
                  )}
                </Row>
              </Table.Tbody>
            </Table>
            {preview.sample ? (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  As {preview.sample.name || formatPhone(preview.sample.number)} will get it
                </Text>
                <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {preview.sample.body}
                  </Text>
                </Paper>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Nobody in this group can be sent to, so there is no one to show it for.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
