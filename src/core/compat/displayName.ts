/** Human names for tools in conversation messages: "google_search" → "Google Search", and back. */

/** "google_search" / "google-search" / "googleSearch" → "Google Search". */
export function toolDisplayName(toolName: string): string {
  return toolName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s.]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** "Google Search" → "google_search" (the inverse used when reading messages back). */
export function toolNameFromDisplayName(displayName: string): string {
  return displayName.trim().toLowerCase().split(/\s+/).join('_');
}
