/**
 * Light or dark: the app follows the system's setting unless the person chooses one here. The choice is kept on
 * this device (Mantine's colour-scheme store: a word, nothing secret) and applies at once, in every window.
 */
import {
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function AppearanceSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap="xs" component="section" aria-labelledby="appearance-heading">
      <Title order={2} size="h3" id="appearance-heading">
        Appearance
      </Title>
      <Text size="sm" c="dimmed" id="appearance-hint">
        System follows your computer’s light or dark setting.
      </Text>
      <SegmentedControl
        aria-label="Theme"
        aria-describedby="appearance-hint"
        data={CHOICES}
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        w="fit-content"
      />
    </Stack>
  );
}
