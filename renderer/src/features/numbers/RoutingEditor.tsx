/**
 * The routing editor of a number's page: its extensions in key order, each with what it rings (forwards, agents in
 * the app, voicemail), its timeout and options, and a summary in words of what a caller gets.
 */
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  EXTENSION_KEY_CODES,
  extensionKeyLabel,
  FORWARD_TYPES,
  type ForwardType,
} from '@shared/domain/extensions';
import { EXTENSION_MAX, EXTENSION_MIN } from '@shared/domain/limits';
import { formatPhone } from '@shared/domain/phone';
import { useMemo, useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { fieldProps, MultiSelectField, SelectField, SwitchField } from '../../ui/formFields';
import { ErrorAlert } from '../../ui/States';
import { CopyExtensionDialog } from '../forwarding/CopyExtensionDialog';
import { ForwardNumberField } from '../forwarding/ForwardNumberField';
import { routeFromSuggestion } from '../forwarding/forwardingModel';
import { errorOf } from './fieldError';
import type { Agent } from './numberPageApi';
import { emptyForward, type NumberForm, newRouteForm, routeSummary, usesForwards } from './routingModel';

const FORWARD_TYPE_OPTIONS = FORWARD_TYPES.map((type) => ({ value: type.value, label: type.label }));
const ROUND_ROBIN_OPTIONS = [
  { value: 'none', label: 'Ring everyone at once' },
  { value: 'rotating', label: 'Take turns' },
];
const EXTENSION_OPTIONS = [
  ...Array.from({ length: EXTENSION_MAX - EXTENSION_MIN + 1 }, (_, index) => EXTENSION_MIN + index),
  ...Object.values(EXTENSION_KEY_CODES),
].map((extension) => ({ value: String(extension), label: extensionKeyLabel(extension) }));

export function RoutingEditor({
  form,
  agents,
  greetings,
  readOnly,
  failure,
  saving,
  onSave,
}: {
  form: UseFormReturn<NumberForm>;
  agents: Agent[];
  greetings: { value: string; label: string }[];
  readOnly: boolean;
  failure: string | undefined;
  saving: boolean;
  /** Saves the routing on its own; without it there is no Save button (a form that saves as a whole). */
  onSave?: () => void;
}) {
  const routes = useFieldArray({ control: form.control, name: 'routes' });
  // "Copy an existing extension": an extension of another number (forwarding/CopyExtensionDialog.tsx).
  const [copying, setCopying] = useState(false);
  return (
    <section aria-labelledby="routing-heading">
      <Stack>
        <Title order={2} size="h3" id="routing-heading">
          Routing
        </Title>
        <Text c="dimmed" size="sm">
          The extensions a caller can reach, in order of the key they press.
        </Text>
        {routes.fields.length === 0 && <Text>No extensions yet: calls go to voicemail.</Text>}
        {routes.fields.map((field, index) => (
          <RouteEditor
            key={field.id}
            form={form}
            index={index}
            agents={agents}
            greetings={greetings}
            readOnly={readOnly}
            onRemove={() => routes.remove(index)}
          />
        ))}
        {failure && <ErrorAlert message={failure} />}
        {!readOnly && (
          <Group>
            <Button variant="default" onClick={() => routes.append(newRouteForm(form.getValues('routes')))}>
              Add extension
            </Button>
            <Button variant="default" onClick={() => setCopying(true)}>
              Copy an existing extension
            </Button>
            {onSave && (
              <Button onClick={onSave} loading={saving}>
                Save routing
              </Button>
            )}
          </Group>
        )}
        {!readOnly && (
          <CopyExtensionDialog
            opened={copying}
            agentName={(id) => agents.find((agent) => agent.id === id)?.name}
            onCopy={(suggestion) => {
              routes.append(routeFromSuggestion(suggestion, form.getValues('routes')));
              setCopying(false);
            }}
            onClose={() => setCopying(false)}
          />
        )}
      </Stack>
    </section>
  );
}

function RouteEditor({
  form,
  index,
  agents,
  greetings,
  readOnly,
  onRemove,
}: {
  form: UseFormReturn<NumberForm>;
  index: number;
  agents: Agent[];
  greetings: { value: string; label: string }[];
  readOnly: boolean;
  onRemove: () => void;
}) {
  const control = form.control;
  const route = useWatch({ control, name: `routes.${index}` });
  const forwards = useFieldArray({ control, name: `routes.${index}.forwards` });
  const agentOptions = useMemo(
    () => agents.map((agent) => ({ value: String(agent.id), label: agent.name })),
    [agents],
  );
  const agentName = (id: number) => agents.find((agent) => agent.id === id)?.name;
  const key = extensionKeyLabel(route.extension);
  const type: ForwardType = route.type;

  return (
    <Fieldset legend={`Extension ${key}`} aria-label={`Extension ${key}`} disabled={readOnly}>
      <Stack gap="sm">
        <Text size="sm" role="note" aria-label={`What extension ${key} does`}>
          {routeSummary(route, agentName, (number) => formatPhone(number))}
        </Text>
        <Group grow align="flex-start">
          <Controller
            control={control}
            name={`routes.${index}.extension`}
            render={({ field, fieldState }) => (
              <Select
                label="Key to press"
                data={EXTENSION_OPTIONS}
                allowDeselect={false}
                ref={field.ref}
                value={String(field.value)}
                onChange={(value) => value !== null && field.onChange(Number(value))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput label="Extension label" maxLength={100} {...fieldProps(form, `routes.${index}.label`)} />
          <Controller
            control={control}
            name={`routes.${index}.type`}
            render={({ field, fieldState }) => (
              <Select
                label="Forward type"
                data={FORWARD_TYPE_OPTIONS}
                allowDeselect={false}
                ref={field.ref}
                value={field.value}
                onChange={(value) => {
                  if (!value) return;
                  field.onChange(value as ForwardType);
                  // The voicemail switch sends every call to voicemail (the engine reads it as the voicemail
                  // type): it goes with the type chosen, so a voicemail extension turned into another rings.
                  form.setValue(`routes.${index}.voicemail_enabled`, value === 'voicemail', {
                    shouldDirty: true,
                  });
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </Group>

        {usesForwards(type) && (
          <Stack gap="xs">
            {forwards.fields.map((forward, at) => (
              <Group key={forward.id} align="flex-end" wrap="wrap">
                {/* Offers the company's forwarding numbers (forwarding/ForwardNumberField.tsx). */}
                <ForwardNumberField
                  control={control}
                  name={`routes.${index}.forwards.${at}.number`}
                  label={`Forward ${at + 1} number`}
                  placeholder={route.forwards[at]?.usingIntNumber ? '+44 20 7946 0958' : '(312) 555-0100'}
                  enabled={!readOnly}
                  onPick={(international) =>
                    form.setValue(`routes.${index}.forwards.${at}.usingIntNumber`, international, {
                      shouldDirty: true,
                    })
                  }
                />
                <Controller
                  control={control}
                  name={`routes.${index}.forwards.${at}.usingIntNumber`}
                  render={({ field }) => (
                    <Checkbox
                      label="International"
                      aria-label={`Forward ${at + 1} is international`}
                      ref={field.ref}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      mb={8}
                    />
                  )}
                />
                {type === 'geo' && (
                  <TextInput
                    label={`Forward ${at + 1} state`}
                    description="Two letters; empty for a fallback"
                    maxLength={2}
                    w={120}
                    {...fieldProps(form, `routes.${index}.forwards.${at}.state`)}
                  />
                )}
                {!readOnly && (
                  <Button variant="subtle" color="red" onClick={() => forwards.remove(at)}>
                    Remove forward {at + 1}
                  </Button>
                )}
              </Group>
            ))}
            {errorOf(form, `routes.${index}.forwards`) && (
              <Text c="red" size="sm" role="alert">
                {errorOf(form, `routes.${index}.forwards`)}
              </Text>
            )}
            {!readOnly && (
              <Group>
                <Button variant="default" size="xs" onClick={() => forwards.append(emptyForward())}>
                  Add forward
                </Button>
              </Group>
            )}
            {type === 'standard' && (
              <SwitchField
                control={control}
                name={`routes.${index}.stagger`}
                label="Ring the forwards one after another"
              />
            )}
            {type === 'geo' && (
              <SwitchField
                control={control}
                name={`routes.${index}.geo_by_state_static_fallback`}
                label="Ring the forwards without a state when no state matches"
              />
            )}
          </Stack>
        )}

        {type === 'in-app-calling' && (
          <Group grow align="flex-start">
            <MultiSelectField
              control={control}
              name={`routes.${index}.members`}
              label="Agents"
              description="They ring in the app’s phone panel."
              data={agentOptions}
              searchable
              nothingFoundMessage="No agent by that name"
            />
            <SelectField
              control={control}
              name={`routes.${index}.round_robin`}
              label="Round robin"
              data={ROUND_ROBIN_OPTIONS}
              allowDeselect={false}
            />
          </Group>
        )}

        {type !== 'voicemail' && (
          <>
            <Group grow align="flex-start">
              <Controller
                control={control}
                name={`routes.${index}.timeout`}
                render={({ field, fieldState }) => (
                  <NumberInput
                    label="Timeout (seconds)"
                    min={5}
                    max={120}
                    allowDecimal={false}
                    ref={field.ref}
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value))}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <SelectField
                control={control}
                name={`routes.${index}.onhold_music_id`}
                label="Hold music"
                placeholder="None"
                data={greetings}
                clearable
              />
            </Group>
            <SwitchField
              control={control}
              name={`routes.${index}.voicemail_enabled`}
              label="Send callers straight to voicemail"
              description="Nobody rings while this is on; unanswered calls go to voicemail either way."
            />
            {type !== 'in-app-calling' && (
              <>
                <SwitchField
                  control={control}
                  name={`routes.${index}.caller_id_pass_thru`}
                  label="Show the caller’s number to who answers"
                />
                <SwitchField
                  control={control}
                  name={`routes.${index}.confirm_key`}
                  label="Ask who answers to press a key to take the call"
                />
                {route.confirm_key && (
                  <Group grow align="flex-start">
                    <Controller
                      control={control}
                      name={`routes.${index}.confirm_key_wait`}
                      render={({ field, fieldState }) => (
                        <NumberInput
                          label="Seconds to press the key"
                          min={1}
                          max={60}
                          allowDecimal={false}
                          ref={field.ref}
                          value={field.value}
                          onChange={(value) =>
                            field.onChange(typeof value === 'number' ? value : Number(value))
                          }
                          onBlur={field.onBlur}
                          error={fieldState.error?.message}
                        />
                      )}
                    />
                    <TextInput
                      label="Whisper"
                      description="Said to who answers before the key"
                      maxLength={500}
                      {...fieldProps(form, `routes.${index}.confirm_whisper`)}
                    />
                  </Group>
                )}
              </>
            )}
          </>
        )}
        <TextInput
          label="Email alert address"
          description="Told of each voicemail left here; empty for none"
          type="email"
          {...fieldProps(form, `routes.${index}.email_alert_address`)}
        />
        {!readOnly && (
          <Group>
            <Button variant="subtle" color="red" onClick={onRemove}>
              Remove extension {key}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
