/**
 * The `ptk.sites` setting: the sites a task may use, in the order they are tried. Each entry
 * that names no known site, repeats one, or is not text is skipped with a message naming it;
 * an empty list gives a message too. Nothing is ever put in the place of what the user wrote:
 * the sites are exactly the valid entries, in their order.
 */

interface SitesSetting {
  /** Known site ids, in the user's order, each once. */
  sites: string[];
  /** One clear sentence per entry skipped (and for an empty or unreadable list). */
  problems: string[];
}

/** Reads `value` (the setting as stored) against the known site ids (matched without regard to case). */
export function parseSitesSetting(value: unknown, knownSites: readonly string[]): SitesSetting {
  const known = `Known sites: ${knownSites.join(', ')}.`;
  if (value === undefined || value === null) return { sites: [], problems: [`ptk.sites lists no site. ${known}`] };
  if (!Array.isArray(value)) return { sites: [], problems: [`ptk.sites must be a list of site ids, not ${JSON.stringify(value)}. ${known}`] };
  if (value.length === 0) return { sites: [], problems: [`ptk.sites lists no site. ${known}`] };
  const sites: string[] = [];
  const problems: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') {
      problems.push(`ptk.sites: ${JSON.stringify(entry)} is not a site id; skipped. ${known}`);
      continue;
    }
    const site = knownSites.find((candidate) => candidate.toLowerCase() === entry.trim().toLowerCase());
    if (site === undefined) {
      problems.push(`ptk.sites: "${entry}" is not a known site; skipped. ${known}`);
    } else if (sites.includes(site)) {
      problems.push(`ptk.sites: "${entry}" is listed more than once; only its first place counts.`);
    } else {
      sites.push(site);
    }
  }
  if (sites.length === 0) problems.push(`ptk.sites names no known site. ${known}`);
  return { sites, problems };
}
