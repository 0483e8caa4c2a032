/**
 * "What a caller hears now": the routing engine's own answer for a call starting now (asked again when the number
 * is saved and every minute, since opening hours move), the summary in a sentence and, for a menu, where each key
 * leads. Saved routing only — unsaved changes are previewed once saved, and the card says so.
 */
import { Card, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { NumberDetail } from '@shared/api/numbers';
import { failureSummary } from '../../ui/formErrors';
import { useRoutingPreview } from './numberTableApi';

export function RoutingPreviewCard({ detail }: { detail: NumberDetail }) {
  const preview = useRoutingPreview(detail.id, detail.updated_at);
  return (
    <Card withBorder component="section" aria-labelledby="routing-preview-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="routing-preview-title">
          What a caller meets now
        </Title>
        {preview.isPending ? (
          <Loader size="sm" aria-label="Working out what a caller meets" />
        ) : preview.data ? (
          <>
            <Text aria-live="polite">{preview.data.summary}</Text>
            {preview.data.menu.length > 0 && (
              <List size="sm">
                {preview.data.menu.map((choice) => (
                  <List.Item key={choice.key}>
                    Press {choice.key}
                    {choice.label ? ` (${choice.label})` : ''}:{' '}
                    {choice.steps.join(', then ') || 'nothing happens'}
                  </List.Item>
                ))}
              </List>
            )}
            <Text size="xs" c="dimmed">
              From the saved routing and hours, as the routing engine answers a call now.
            </Text>
          </>
        ) : (
          <Text c="red" size="sm">
            {failureSummary(preview.error)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
