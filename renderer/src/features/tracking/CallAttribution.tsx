/**
 * What a call is attributed to (§7: "the match is stored on the call, shown in `GET /calls/{id}`"): the source,
 * medium, campaign and keyword of the visit that showed the number called, its landing page and referrer, the
 * ad networks' click ids, and the visitor's path — the pages they viewed before calling, with times. Small and
 * free of the tracking screens, so the activity feed shows it without loading them.
 */
import { Anchor, Stack, Table, Text, Timeline } from '@mantine/core';
import type { Call } from '@shared/api/activity';
import { attributionFacts, pathSteps } from './attribution';

export function CallAttributionPanel({ call, tz }: { call: Call; tz: string }) {
  const facts = attributionFacts(call);
  const steps = pathSteps(call.attribution, tz);
  if (facts.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No website visit or tracking source is tied to this call.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Table variant="vertical" withTableBorder layout="fixed" aria-label="Where the call came from">
        <Table.Tbody>
          {facts.map((fact) => (
            <Table.Tr key={fact.label}>
              <Table.Th w={140}>{fact.label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {fact.href ? (
                  <Anchor href={fact.href} target="_blank" rel="noopener noreferrer" size="sm">
                    {fact.value}
                  </Anchor>
                ) : (
                  fact.value
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {steps.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id={`path-${call.id}`}>
            The visitor’s path before the call
          </Text>
          <Timeline bulletSize={12} lineWidth={2} aria-labelledby={`path-${call.id}`}>
            {steps.map((step) => (
              <Timeline.Item key={`${step.at}-${step.url}`} title={step.title}>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {step.when} · {step.url}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Stack>
  );
}
