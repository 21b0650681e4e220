const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

// Apart from time-format.ts because validation needs it on the sign-in page, while time-format's
// texts need the translations of every locale.

/** Days since 1970-01-01 of the calendar day `timestampMs` falls on at the given offset. */
export function calendarDayNumber(timestampMs: number, utcOffsetMinutes: number): number {
  return Math.floor((timestampMs + utcOffsetMinutes * MS_PER_MINUTE) / MS_PER_DAY);
}

/** The instant the local calendar day after the one of `timestampMs` begins. */
export function nextDayStartMs(timestampMs: number, utcOffsetMinutes: number): number {
  return (
    (calendarDayNumber(timestampMs, utcOffsetMinutes) + 1) * MS_PER_DAY - utcOffsetMinutes * MS_PER_MINUTE
  );
}
