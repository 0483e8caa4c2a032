/**
 * Favorite reports (§7 Favorite reports CRUD): save the report on screen under a name, reopen a saved one (its
 * grouping, range and filters become the address), rename or delete one. Saving waits for the server (a refused
 * name shows under the field); renaming and deleting change the list at once (§4, analyticsApi.ts).
 */
import { Anchor, Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { FAVORITE_NAME_MAX, type FavoriteReport } from '@shared/api/favoriteReports';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api';
import { FormDialog } from '../../ui/FormDialog';
import { failureSummary } from '../../ui/formErrors';
import { RowActions } from '../../ui/RowActions';
import { QueryErrorState } from '../../ui/States';
import { submitWith } from '../../ui/submitWith';
import { useDeleteFavorite, useFavoriteReports, useRenameFavorite, useSaveFavorite } from './analyticsApi';
import {
  type ReportState,
  reportFromFavorite,
  sameReport,
  serializeReport,
  writeReport,
} from './reportState';

/** A name as the contract takes it (FavoriteReportCreateSchema), checked before asking. */
function nameProblem(name: string): string | null {
  if (!name.trim()) return 'Name the report.';
  if (name.trim().length > FAVORITE_NAME_MAX) return `Use at most ${FAVORITE_NAME_MAX} characters.`;
  return null;
}

function NameDialog({
  title,
  submitLabel,
  initial,
  pending,
  serverError,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: string;
  pending: boolean;
  serverError: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = nameProblem(name);
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      pending={pending}
      onClose={onClose}
      onSubmit={submitWith(() => {
        setTried(true);
        if (!problem) onSubmit(name.trim());
      })}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={(tried && problem) || serverError}
        maxLength={FAVORITE_NAME_MAX + 20}
        data-autofocus
      />
    </FormDialog>
  );
}

/** "Save as favorite": the report on screen, under a name. */
export function SaveFavoriteDialog({
  companyId,
  state,
  suggestion,
  onClose,
}: {
  companyId: number;
  state: ReportState;
  suggestion: string;
  onClose: () => void;
}) {
  const save = useSaveFavorite(companyId);
  const error = save.error;
  const serverError = error
    ? error instanceof ApiError
      ? (error.field('name') ?? failureSummary(error))
      : failureSummary(error)
    : null;
  return (
    <NameDialog
      title="Save as favorite"
      submitLabel="Save"
      initial={suggestion}
      pending={save.isPending}
      serverError={serverError}
      onClose={onClose}
      onSubmit={(name) => save.mutate({ name, value: serializeReport(state) }, { onSuccess: onClose })}
    />
  );
}

export function FavoritesPanel({ companyId, current }: { companyId: number; current: ReportState }) {
  const favorites = useFavoriteReports(companyId, true);
  // Asked afresh whenever the list shows: the cache persisted for offline use is written a moment after a change,
  // so a reload right after saving restores the list as it was before, and counts it as fresh. It shows at once,
  // then the server's replaces it (a short list, cheap to ask).
  const { refetch } = favorites;
  useEffect(() => {
    if (companyId > 0) void refetch();
  }, [companyId, refetch]);
  const rename = useRenameFavorite(companyId);
  const remove = useDeleteFavorite(companyId);
  const [renaming, setRenaming] = useState<FavoriteReport | null>(null);

  let body: ReactNode;
  if (favorites.error && !favorites.data)
    body = <QueryErrorState title="Could not load your favorite reports" query={favorites} />;
  else if (!favorites.data) body = <Text size="sm">Loading your favorite reports…</Text>;
  else if (favorites.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        None yet: “Save as favorite” keeps the report on screen here.
      </Text>
    );
  else
    body = (
      <Stack gap={6} component="ul" aria-label="Favorite reports" p={0} m={0} style={{ listStyle: 'none' }}>
        {favorites.data.map((favorite) => {
          const report = reportFromFavorite(favorite.parsed);
          const here = report !== null && sameReport(report, current);
          return (
            <Group key={favorite.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              {report ? (
                <Anchor
                  component={Link}
                  to={`/reports?${writeReport(report).toString()}`}
                  size="sm"
                  aria-current={here ? 'page' : undefined}
                  fw={here ? 700 : undefined}
                >
                  {favorite.name}
                </Anchor>
              ) : (
                <Group gap={6}>
                  <Text size="sm">{favorite.name}</Text>
                  <Badge size="xs" color="gray" variant="outline">
                    Cannot be opened
                  </Badge>
                </Group>
              )}
              <RowActions
                name={favorite.name}
                editLabel="Rename"
                compact
                onEdit={() => setRenaming(favorite)}
                onDelete={() => remove.mutate(favorite)}
              />
            </Group>
          );
        })}
      </Stack>
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="favorite-reports-title" data-print-hide>
      <Stack gap="xs">
        <Title order={2} size="h4" id="favorite-reports-title">
          Favorite reports
        </Title>
        {body}
      </Stack>
      {renaming && (
        <NameDialog
          title={`Rename “${renaming.name}”`}
          submitLabel="Rename"
          initial={renaming.name}
          pending={false}
          serverError={null}
          onClose={() => setRenaming(null)}
          onSubmit={(name) => {
            // Optimistic: the list shows the new name now; a refusal puts the old one back with a message.
            if (name !== renaming.name) rename.mutate({ id: renaming.id, name, was: renaming.name });
            setRenaming(null);
          }}
        />
      )}
    </Paper>
  );
}
