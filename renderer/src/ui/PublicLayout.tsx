/** The frame of the signed-out screens: a centred card with the product name. */
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack gap="md">
          <Text fw={700} c="blue.8" size="sm">
            Switchboard
          </Text>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
