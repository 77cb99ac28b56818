/** A message's first words, quoted, as a dialog names it: “write bye to notes/bye…”. */
export function quotedStart(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > 48 ? `${line.slice(0, 47).trimEnd()}…` : line}”`;
}
