/** Keeps the head and the tail of a long text, with a marker saying how much was left out. */
export function truncateMiddle(text: string, maxChars: number): { text: string; omitted: number } {
  if (text.length <= maxChars) return { text, omitted: 0 };
  const marker = (omitted: number): string => `\n…[${omitted} characters omitted]…\n`;
  const room = Math.max(0, maxChars - marker(text.length).length);
  const head = Math.ceil(room * 0.6);
  const tail = room - head;
  const omitted = text.length - head - tail;
  return { text: text.slice(0, head) + marker(omitted) + (tail > 0 ? text.slice(text.length - tail) : ''), omitted };
}
