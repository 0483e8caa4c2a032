import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { applyServerErrors } from './formErrors';

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
