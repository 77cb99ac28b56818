/**
 * Reads the wait a rate-limit banner names: "try again after 3:15 PM", "try again at 14:05",
 * "try again in 20 minutes", "in 1 hour and 5 minutes", "in 30 seconds", "Retry-After: 120".
 * Returns milliseconds from `now`, or undefined when the text names no time.
 */
const UNIT_MS: Record<string, number> = { second: 1_000, sec: 1_000, minute: 60_000, min: 60_000, hour: 3_600_000, hr: 3_600_000, day: 86_400_000 };

export function parseRetryAfter(text: string, now: Date = new Date()): number | undefined {
  const clock = /\b(?:after|at|until|resets? at)\s+(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?/i.exec(text);
  if (clock && (clock[2] !== undefined || clock[3] !== undefined)) {
    let hours = Number(clock[1]);
    const minutes = Number(clock[2] ?? 0);
    const meridiem = clock[3]?.toLowerCase().replace(/\./g, '');
    if (hours > 23 || minutes > 59) return undefined;
    if (meridiem === 'pm' && hours < 12) hours += 12;
    if (meridiem === 'am' && hours === 12) hours = 0;
    const target = new Date(now);
    target.setHours(hours, minutes, 0, 0);
    if (target.getTime() <= now.getTime()) target.setDate(target.getDate() + 1);
    return target.getTime() - now.getTime();
  }
  const relative = /\bin\s+((?:\d+\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?)(?:\s*(?:,|and)?\s*)?)+)/i.exec(text);
  if (relative) {
    let total = 0;
    for (const part of relative[1]!.matchAll(/(\d+)\s*(second|sec|minute|min|hour|hr|day)s?/gi)) {
      total += Number(part[1]) * UNIT_MS[part[2]!.toLowerCase()]!;
    }
    return total > 0 ? total : undefined;
  }
  const header = /retry-after:?\s*(\d+)/i.exec(text);
  if (header) return Number(header[1]) * 1_000;
  return undefined;
}
