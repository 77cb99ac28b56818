/**
 * The list the chat input shows while the user types a slash command: for "/" every command,
 * for "/re" the commands whose name starts with "re", then those that contain it
 * (case-insensitive), each group in the commands' own order (built-ins first). Text after a
 * space is an argument: the menu is for the name only, so it is empty then. Shared: the host's
 * commands and the view's menu entries are both matched by it.
 */

/** The commands matching the input `typed` (which starts with "/"); [] when it is not a command name being typed. */
export function commandsMatching<Command extends { name: string }>(commands: readonly Command[], typed: string): Command[] {
  if (!typed.startsWith('/') || /\s/.test(typed)) return [];
  const query = typed.slice(1).toLowerCase();
  const starts = commands.filter((command) => command.name.toLowerCase().startsWith(query));
  const contains = commands.filter((command) => !command.name.toLowerCase().startsWith(query) && command.name.toLowerCase().includes(query));
  return [...starts, ...contains];
}
