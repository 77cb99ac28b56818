/**
 * Reads the wait a rate-limit or usage-cap banner names into milliseconds from `now`:
 * - a relative wait: "try again in 20 minutes", "in 1 hour and 5 minutes", "resets in 3h 44m";
 * - a clock time, 12 h or 24 h: "until 3 PM", "resets 3pm", "after 3:15 PM", "at 14:05";
 * - a day, alone or with a time: "tomorrow", "until Monday", "resets Mon 9:00 AM",
 *   "until Nov 28", "on 28 November at 3:00 PM", "2026-11-28";
 * - a header: "Retry-After: 120".
 * Times are the browser machine's local time: the page shows them in the browser's time zone,
 * and a zone named after them ("(Europe/Budapest)") is the same one. A day without a time means
 * its start (00:00). Returns undefined when the text names no time.
 */
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const UNIT = '(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|[smhd])(?![a-z])';

export function parseRetryAfter(text: string, now: Date = new Date()): number | undefined {
  const header = /retry-after:?\s*(\d+)/i.exec(text);
  if (header) return Number(header[1]) * 1_000;
  return relativeWait(text) ?? absoluteWait(text, now);
}

/** "in 2 hours", "in 1 hour and 5 minutes", "in 3h44m". */
function relativeWait(text: string): number | undefined {
  const relative = new RegExp(`\\bin\\s+((?:\\d+\\s*${UNIT}\\s*(?:,|and)?\\s*)+)`, 'i').exec(text);
  if (!relative) return undefined;
  let total = 0;
  for (const part of relative[1]!.matchAll(new RegExp(`(\\d+)\\s*${UNIT}`, 'gi'))) {
    total += Number(part[1]) * UNIT_MS[part[2]!.charAt(0).toLowerCase()]!;
  }
  return total > 0 ? total : undefined;
}

interface ClockTime {
  hours: number;
  minutes: number;
}

/** A clock time: "3 PM", "3pm", "3:15 p.m.", "15:00"; null for an impossible one ("99:99 pm"). */
function clockTime(text: string): ClockTime | null | undefined {
  const twelve = /\b(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s?m\b\.?/i.exec(text);
  if (twelve) {
    let hours = Number(twelve[1]);
    const minutes = Number(twelve[2] ?? 0);
    if (hours < 1 || hours > 12 || minutes > 59) return null;
    const pm = twelve[3]!.toLowerCase() === 'p';
    if (pm && hours < 12) hours += 12;
    if (!pm && hours === 12) hours = 0;
    return { hours, minutes };
  }
  const day = /\b(\d{1,2}):(\d{2})\b/.exec(text);
  if (!day) return undefined;
  const hours = Number(day[1]);
  const minutes = Number(day[2]);
  return hours > 23 || minutes > 59 ? null : { hours, minutes };
}

/**
 * The calendar day a banner names ("tomorrow", a weekday, a date), or undefined. A weekday is
 * its next occurrence from today on; `weekly` says a past time on it means next week's.
 */
function namedDay(text: string, now: Date): { date: Date; weekly?: boolean } | undefined {
  const found = namedDate(text, now);
  if (found) return { date: found };
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const weekday = /\b(sun|mon|tue|wed|thu|fri|sat)(?:day|s|nes|nesday|rs|rsday|ur|urday)?\b/i.exec(text);
  if (!weekday) return undefined;
  const ahead = (WEEKDAYS.indexOf(weekday[1]!.toLowerCase()) - today.getDay() + 7) % 7;
  return { date: new Date(today.getFullYear(), today.getMonth(), today.getDate() + ahead), weekly: true };
}

function namedDate(text: string, now: Date): Date | undefined {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (/\btomorrow\b/i.test(text)) return new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const monthFirst = new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s*(\\d{4}))?`, 'i').exec(text);
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_NAME}(?:,?\\s*(\\d{4}))?`, 'i').exec(text);
  if (monthFirst || dayFirst) {
    const month = MONTHS.indexOf((monthFirst ? monthFirst[1]! : dayFirst![2]!).slice(0, 3).toLowerCase());
    const date = Number(monthFirst ? monthFirst[2] : dayFirst![1]);
    const year = monthFirst ? monthFirst[3] : dayFirst![3];
    if (year) return new Date(Number(year), month, date);
    const candidate = new Date(today.getFullYear(), month, date);
    // A date without a year that has passed is next year's.
    return candidate.getTime() < today.getTime() ? new Date(today.getFullYear() + 1, month, date) : candidate;
  }
  return undefined;
}

/** A clock time, a day, or both: the wait until then (a bare time already past is tomorrow's). */
function absoluteWait(text: string, now: Date): number | undefined {
  const time = clockTime(text);
  if (time === null) return undefined;
  const day = namedDay(text, now);
  if (!time && !day) return undefined;
  const target = new Date(day?.date ?? now);
  target.setHours(time?.hours ?? 0, time?.minutes ?? 0, 0, 0);
  if (target.getTime() <= now.getTime() && (!day || day.weekly)) target.setDate(target.getDate() + (day ? 7 : 1));
  const wait = target.getTime() - now.getTime();
  return wait > 0 ? wait : undefined;
}
