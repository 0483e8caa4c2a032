/**
 * "Copy an existing extension" on the routing editor: the extensions already set up on the company's numbers
 * (`extension-suggestions`, one per label and configuration, §9 ten a page), searched by label; picking one adds it
 * to this number under its next free key (§5), with its forwards, agents and options, to be saved with the routing.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ExtensionSuggestion } from '@shared/api/forwardContacts';
import { labelOf } from '@shared/domain/codes';
import { FORWARD_TYPES } from '@shared/domain/extensions';
import { formatPhone } from '@shared/domain/phone';
import { useState } from 'react';
import { useShell } from '../../app/context';
import { Pager } from '../../ui/DataTable';
import { EmptyState, LoadingState, QueryErrorState } from '../../ui/States';
import { useSearchBox } from '../../ui/useSearchBox';
import { routeFormOf, routeSummary } from '../numbers/routingModel';
import { useExtensionSuggestions } from './forwardingApi';
import { usedOnText } from './forwardingModel';

export function CopyExtensionDialog({
  opened,
  agentName,
  onCopy,
  onClose,
}: {
  opened: boolean;
  /** Names an agent by user id, for the summary of an in-app extension. */
  agentName: (id: number) => string | undefined;
  onCopy: (suggestion: ExtensionSuggestion) => void;
  onClose: () => void;
}) {
  const { company } = useShell();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useSearchBox(q, (value) => {
    setQ(value);
    setPage(1);
  });
  const suggestions = useExtensionSuggestions(company?.id ?? 0, q, page, opened);
  const answer = suggestions.data;

  return (
    <Modal opened={opened} onClose={onClose} title="Copy an existing extension" size="lg">
      <Stack>
        <TextInput
          label="Search extensions"
          placeholder="Label, such as Sales"
          data-autofocus
          {...search.inputProps}
        />
        {suggestions.error && !answer ? (
          <QueryErrorState title="Could not load the extensions" query={suggestions} />
        ) : !answer ? (
          <LoadingState label="Loading extensions" />
        ) : answer.data.length === 0 ? (
          <EmptyState title={q.trim() ? 'No extension matches' : 'No extensions to copy yet'}>
            {q.trim()
              ? 'Try another label.'
              : 'Extensions with a label on the company’s numbers show here, to set up again in one pick.'}
          </EmptyState>
        ) : (
          <Stack gap="xs" aria-busy={suggestions.isPlaceholderData || undefined}>
            {answer.data.map((suggestion) => (
              <SuggestionRow
                key={suggestion.key}
                suggestion={suggestion}
                agentName={agentName}
                onCopy={() => onCopy(suggestion)}
              />
            ))}
            {answer.last_page > 1 && (
              <Pager
                page={answer.current_page}
                pageCount={answer.last_page}
                onPageChange={setPage}
                label="Pages of extensions"
              />
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

function SuggestionRow({
  suggestion,
  agentName,
  onCopy,
}: {
  suggestion: ExtensionSuggestion;
  agentName: (id: number) => string | undefined;
  onCopy: () => void;
}) {
  const where = usedOnText(suggestion);
  const summary = routeSummary(routeFormOf({ ...suggestion.route, extension: 0 }), agentName, (number) =>
    formatPhone(number),
  );
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {suggestion.route.label} · {labelOf(FORWARD_TYPES, suggestion.route.type)}
        </Text>
        <Text size="sm">{summary}</Text>
        <Text size="xs" c="dimmed">
          On {where}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant="light"
        aria-label={`Copy ${suggestion.route.label} (on ${where})`}
        onClick={onCopy}
      >
        Copy
      </Button>
    </Group>
  );
}
