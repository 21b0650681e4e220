import { describe, expect, it } from 'vitest';
import { birthFromInput, birthToInput } from './profile-form';

describe('birth field', () => {
  it('round-trips a date through the local midnight timestamp', () => {
    const ms = birthFromInput('1990-07-04');
    expect(new Date(ms).getFullYear()).toBe(1990);
    expect(new Date(ms).getMonth()).toBe(6);
    expect(new Date(ms).getDate()).toBe(4);
    expect(birthToInput(ms)).toBe('1990-07-04');
  });

  it('maps unknown and malformed values to 0 and back to an empty field', () => {
    expect(birthFromInput('')).toBe(0);
    expect(birthFromInput('2023-02-30')).toBe(0);
    expect(birthFromInput('04/07/1990')).toBe(0);
    expect(birthToInput(0)).toBe('');
  });

  it('accepts only a whole YYYY-MM-DD value that names a real date', () => {
    expect(birthFromInput('x1990-07-04')).toBe(0);
    expect(birthFromInput('1990-07-04x')).toBe(0);
    // Month 13 would roll over into the next year, keeping the day.
    expect(birthFromInput('2023-13-01')).toBe(0);
    // The Date constructor reads years 0-99 as 1900-1999.
    expect(birthFromInput('0090-07-04')).toBe(0);
  });
});
