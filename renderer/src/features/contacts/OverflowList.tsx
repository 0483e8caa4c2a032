/**
 * A contact's labels or groups on one line of the table: the first two (pills for labels, names for groups), a
 * "+N" badge for the rest, and the whole list in a card that opens when the cell is hovered or focused. The cell
 * is then a button named with the whole list, so a screen reader hears every name and the keyboard reaches it.
 */
import { Badge, Group, HoverCard, Stack, Text, UnstyledButton } from '@mantine/core';
import { foldOverflow } from './overflow';

/** Wide enough for most names; a longer one ellipsizes and carries its full text in a title. */
const PILL_MAX_WIDTH = 120;
const NAMES_MAX_WIDTH = 180;

/** A label or group, by its id and its name. */
export interface NamedItem {
  id: number;
  name: string;
}

export function OverflowList({
  items,
  noun,
  pills = false,
}: {
  items: readonly NamedItem[];
  /** What the names are, in the plural ("labels", "groups"): the button says "4 labels: …". */
  noun: string;
  /** Labels are pills; groups are plain names. */
  pills?: boolean;
}) {
  if (items.length === 0) return '—';
  const { shown, hidden } = foldOverflow(items);
  const shownNames = shown.map((item) => item.name).join(', ');
  const allNames = items.map((item) => item.name).join(', ');
  const line = (
    <Group gap={4} wrap="nowrap">
      {pills ? (
        shown.map((item) => (
          <Badge key={item.id} variant="light" size="sm" tt="none" maw={PILL_MAX_WIDTH} title={item.name}>
            {item.name}
          </Badge>
        ))
      ) : (
        <Text size="sm" truncate maw={NAMES_MAX_WIDTH} title={shownNames}>
          {shownNames}
        </Text>
      )}
      {hidden.length > 0 && (
        <Badge variant="outline" color="gray" size="sm" style={{ flexShrink: 0 }}>
          +{hidden.length}
        </Badge>
      )}
    </Group>
  );
  if (hidden.length === 0) return line;
  return (
    <HoverCard
      role="tooltip"
      events={{ hover: true, focus: true, touch: false }}
      openDelay={100}
      position="bottom-start"
      shadow="md"
    >
      <HoverCard.Target>
        <UnstyledButton aria-label={`${items.length} ${noun}: ${allNames}`}>{line}</UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown p="xs" maw={320}>
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Text component="li" size="sm" key={item.id}>
              {item.name}
            </Text>
          ))}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
