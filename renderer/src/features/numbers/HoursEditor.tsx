/** A number's hours: the company's, or its own preset, time zone and per-day opening in 15-minute slots. */
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ScheduleView } from '@shared/api/numbers';
import { SCHEDULE_PRESETS, type SchedulePreset, WEEKDAYS, type Weekday } from '@shared/domain/schedule';
import { timeZoneOptions } from '@shared/domain/time';
import { useMemo } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { ErrorAlert } from '../../ui/States';
import { errorOf } from './fieldError';
import { hoursForPreset, type NumberForm, presetHasDayHours, timeSlotOptions } from './routingModel';

const FOLLOW = 'follow';
const PRESET_OPTIONS = SCHEDULE_PRESETS.map((preset) => ({
  value: String(preset.value),
  label: preset.label,
}));
const HOURS_OPTIONS = [{ value: FOLLOW, label: 'Follow the company’s hours' }, ...PRESET_OPTIONS];
const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export function HoursEditor({
  form,
  companySchedule,
  readOnly,
  failure,
  saving,
  onSave,
  offerFollow = true,
}: {
  form: UseFormReturn<NumberForm>;
  companySchedule: ScheduleView | undefined;
  readOnly: boolean;
  failure: string | undefined;
  saving: boolean;
  /** Saves the hours on their own; without it there is no Save button (a form that saves as a whole). */
  onSave?: () => void;
  /** Whether "Follow the company’s hours" is offered (a number's hours); false for the company's own hours. */
  offerFollow?: boolean;
}) {
  const control = form.control;
  const schedule = useWatch({ control, name: 'schedule' });
  const zones = useMemo(
    () => timeZoneOptions().map((zone) => ({ value: zone.value, label: zone.label })),
    [],
  );
  const slots = useMemo(() => timeSlotOptions(), []);
  const choosePreset = (value: string | null) => {
    if (!value) return;
    if (value === FOLLOW) {
      form.setValue('schedule.follow', true, { shouldDirty: true });
      return;
    }
    const preset = Number(value) as SchedulePreset;
    const current = form.getValues('schedule');
    form.setValue(
      'schedule',
      { ...current, ...hoursForPreset(preset, current), follow: false, preset },
      {
        shouldDirty: true,
      },
    );
  };
  const following = schedule.follow;
  const shown = following && companySchedule ? companySchedule : schedule;
  const editableDays = !following && !readOnly && presetHasDayHours(schedule.preset);

  return (
    <section aria-labelledby="hours-heading">
      <Stack>
        <Title order={2} size="h3" id="hours-heading">
          Business hours
        </Title>
        <Group grow align="flex-start">
          <Select
            label="Hours"
            data={offerFollow ? HOURS_OPTIONS : PRESET_OPTIONS}
            allowDeselect={false}
            value={following ? FOLLOW : String(schedule.preset)}
            onChange={choosePreset}
            disabled={readOnly}
            error={errorOf(form, 'schedule.preset') ?? errorOf(form, 'schedule')}
          />
          <Controller
            control={control}
            name="schedule.timezone"
            render={({ field, fieldState }) => (
              <Select
                label="Time zone"
                data={zones}
                searchable
                allowDeselect={false}
                ref={field.ref}
                value={following ? (companySchedule?.timezone ?? field.value) : field.value}
                onChange={(zone) => zone && field.onChange(zone)}
                onBlur={field.onBlur}
                disabled={following || readOnly}
                error={fieldState.error?.message}
              />
            )}
          />
        </Group>
        {following && (
          <Text size="sm" c="dimmed">
            This number is open when the company is ({companySchedule?.label || 'its hours'}).
          </Text>
        )}
        {schedule.voicemail && !following && (
          <Alert color="yellow">Every call goes to voicemail while Direct Voicemail is set.</Alert>
        )}
        <Stack gap={6} aria-label="Hours by day" role="group">
          {WEEKDAYS.map((day) => {
            const hours = presetHasDayHours(shown.preset as SchedulePreset)
              ? shown
              : hoursForPreset(shown.preset as SchedulePreset, shown);
            return (
              <Group key={day} grow align="flex-start">
                <Text fw={500} mt={6} maw={120}>
                  {DAY_NAMES[day]}
                </Text>
                {(['open', 'close'] as const).map((edge) => {
                  const name = `schedule.${day}_${edge}_hour` as const;
                  return (
                    <Select
                      key={edge}
                      label={`${DAY_NAMES[day]} ${edge === 'open' ? 'opens' : 'closes'}`}
                      data={slots}
                      placeholder="Closed"
                      value={hours[`${day}_${edge}_hour`] ?? null}
                      onChange={(value) => form.setValue(name, value, { shouldDirty: true })}
                      disabled={!editableDays}
                      error={errorOf(form, name)}
                      searchable
                      // Picking the time a day already has keeps it (Closed is a choice of its own).
                      allowDeselect={false}
                    />
                  );
                })}
              </Group>
            );
          })}
        </Stack>
        {failure && <ErrorAlert message={failure} />}
        {!readOnly && onSave && (
          <Group>
            <Button onClick={onSave} loading={saving}>
              Save hours
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}
