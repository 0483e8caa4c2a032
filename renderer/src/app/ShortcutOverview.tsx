/** The overview of the keyboard shortcuts (`?`): one table per part of the app (shortcuts.tsx says which). */
import { Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { ShortcutSection } from './shortcuts';

export function ShortcutOverview({ sections, onClose }: { sections: ShortcutSection[]; onClose(): void }) {
  return (
    <Modal opened onClose={onClose} title="Keyboard shortcuts" size="lg">
      <Stack gap="md">
        {sections.map((section) => (
          <section key={section.title} aria-label={section.title}>
            <Title order={3} size="h5" mb={4}>
              {section.title}
            </Title>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="35%">Keys</Table.Th>
                  <Table.Th>Does</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.shortcuts.map((shortcut) => (
                  <Table.Tr key={shortcut.what}>
                    <Table.Td>
                      {shortcut.keys.map((key, index) => (
                        <Fragment key={key}>
                          {index > 0 && ' then '}
                          <Kbd>{key}</Kbd>
                        </Fragment>
                      ))}
                    </Table.Td>
                    <Table.Td>{shortcut.what}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
