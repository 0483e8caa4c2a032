import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { applyServerErrors, applyServerErrorsToField, failureSummary } from './formErrors';

type Values = { name: string; choices: { value: string }[] };

describe('applyServerErrors', () => {
  it('puts each field’s first message beside it and answers the first message no field shows', () => {
    const setError = vi.fn<UseFormSetError<Values>>();
    const error = new ApiError(422, { name: ['Taken.', 'Too long.'], other: ['Somewhere else.'] }, 'Invalid');
    expect(applyServerErrors<Values>(error, setError, ['name'])).toBe('Somewhere else.');
    expect(setError).toHaveBeenCalledExactlyOnceWith('name', { type: 'server', message: 'Taken.' });
  });

  it('takes a test for fields that are rows of a list', () => {
    const setError = vi.fn<UseFormSetError<Values>>();
    const error = new ApiError(422, { 'choices.2.value': ['Already listed.'] }, 'Invalid');
    expect(applyServerErrors<Values>(error, setError, (field) => field.startsWith('choices.'))).toBe('');
    expect(setError).toHaveBeenCalledWith('choices.2.value', { type: 'server', message: 'Already listed.' });
  });

  it('answers the message of a failure that is not about fields', () => {
    const setError = vi.fn<UseFormSetError<Values>>();
    expect(applyServerErrors<Values>(new ApiError(500, {}, 'Server error'), setError, ['name'])).toBe(
      'Server error',
    );
    expect(applyServerErrors<Values>(new Error('Network down'), setError, ['name'])).toBe('Network down');
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('applyServerErrorsToField', () => {
  it('says beside the one field what no field of it showed, after the field’s own message', () => {
    const setError = vi.fn<UseFormSetError<Values>>();
    const error = new ApiError(422, { name: ['Taken.'], other: ['Somewhere else.'] }, 'Invalid');
    applyServerErrorsToField<Values>(error, setError, 'name');
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Taken.' }],
      ['name', { type: 'server', message: 'Somewhere else.' }],
    ]);
  });
});

describe('failureSummary', () => {
  it('answers every field message once, in one line, else the message', () => {
    const error = new ApiError(422, { name: ['Taken.'], email: ['Taken.', 'Invalid.'] }, 'Invalid');
    expect(failureSummary(error)).toBe('Taken. Invalid.');
    expect(failureSummary(new ApiError(500, {}, 'Server error'))).toBe('Server error');
    expect(failureSummary(new Error('Network down'))).toBe('Network down');
  });
});
