/**
 * One attachment in a list of them (the inbox composer's, a campaign's): a thumbnail when it is an image, else its
 * name — a link when the file is already stored — and a button, named after the file, that removes it.
 */
import { Anchor, CloseButton, Group, Image, Paper, Text } from '@mantine/core';

export function AttachmentChip({
  name,
  image,
  href,
  onRemove,
  disabled,
  listItem,
}: {
  name: string;
  /** A picture of it (an object URL, or the stored file's URL) when it is an image. */
  image?: string | null;
  /** Where the stored file opens, for one that is not an image. */
  href?: string;
  onRemove: () => void;
  disabled?: boolean;
  /** Inside a `role="list"` group. */
  listItem?: boolean;
}) {
  return (
    <Paper withBorder p={4} role={listItem ? 'listitem' : undefined}>
      <Group gap={4} wrap="nowrap">
        {image ? (
          <Image src={image} alt={name} h={48} w={48} fit="cover" />
        ) : href ? (
          <Anchor href={href} target="_blank" rel="noreferrer" size="xs">
            {name}
          </Anchor>
        ) : (
          <Text size="xs">{name}</Text>
        )}
        <CloseButton size="sm" aria-label={`Remove ${name}`} disabled={disabled} onClick={onRemove} />
      </Group>
    </Paper>
  );
}
