/** The message the model sees for a tool that does not exist: it lists the tools that do. */
export function unknownToolMessage(toolName: string, availableToolNames: readonly string[]): string {
  const available = availableToolNames.length > 0 ? availableToolNames.join(', ') : '(none)';
  return `Tool "${toolName}" does not exist. Available tools: ${available}.`;
}
