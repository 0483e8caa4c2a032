/** A saved reply as the lists show it: its title (marked when shared), then the start of its text. */
import { Text } from '@mantine/core';
import type { SavedReply } from '@shared/api/savedReplies';

export function SavedReplySummary({
  reply,
  compact = false,
}: {
  reply: Pick<SavedReply, 'title' | 'shared' | 'body'>;
  /** Smaller, for the composer's menu. */
  compact?: boolean;
}) {
  return (
    <>
      <Text size={compact ? 'sm' : undefined} fw={500}>
        {reply.title}
        {reply.shared ? ' · shared' : ''}
      </Text>
      <Text size={compact ? 'xs' : 'sm'} c="dimmed" lineClamp={2}>
        {reply.body}
      </Text>
    </>
  );
}
