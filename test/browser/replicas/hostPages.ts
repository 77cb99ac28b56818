/**
 * The HTML documents the replica server serves besides its chat API: the app page (optionally
 * carrying Cloudflare's bot-management noise), the Cloudflare "Verify you are human"
 * interstitial, and the generic sign-in pages of the off-host sign-in hosts. None of them loads
 * anything from outside the replica server.
 */
import { cloudflareChallengeHost } from './foreignHosts';

/** Path of the bot-management script Cloudflare injects into healthy pages (served empty). */
export const challengePlatformScriptPath = '/cdn-cgi/challenge-platform/scripts/jsd/main.js';

/**
 * What Cloudflare bot management adds to a healthy page (ORA: steipete/oracle
 * src/browser/actions/navigation.ts + constants.ts, 2026: `script[src*="/challenge-platform/"]`
 * shows up on normal ChatGPT pages): a same-origin challenge-platform script and an invisible
 * 1×1 iframe on challenges.cloudflare.com. Both answered locally with empty documents.
 */
function cloudflareNoiseHtml(port: number): string {
  const frameSource = `https://${cloudflareChallengeHost}:${port}/cdn-cgi/challenge-platform/h/g/turnstile/if/ov2/av0/rcv0/0/replica/invisible/normal`;
  return `<script src="${challengePlatformScriptPath}" async></script>
<iframe src="${frameSource}" style="height:1px;width:1px;position:absolute;top:0;left:0;border:none;visibility:hidden" aria-hidden="true" tabindex="-1"></iframe>`;
}

/** The app page: the site's skin mounts into #root. */
export function appHtml(title: string, options: { cloudflareNoise?: boolean; port: number }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/replica/style.css"></head>
<body><div id="root"></div><script src="/replica/app.js"></script>${options.cloudflareNoise ? `\n${cloudflareNoiseHtml(options.port)}` : ''}</body></html>`;
}

/** A Cloudflare-like "Verify you are human" interstitial (no third-party request). */
export function interstitialHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Just a moment...</title></head>
<body><div class="main-wrapper" role="main"><div class="main-content">
<h1 class="zone-name-title h1">Verify you are human by completing the action below.</h1>
<div id="challenge-stage"><form id="challenge-form" onsubmit="event.preventDefault();fetch('/api/verify',{method:'POST'}).then(()=>location.href='/')">
<label><input type="checkbox" required> Verify you are human</label><button type="submit">Continue</button></form></div>
<p>This site needs to review the security of your connection before proceeding.</p></div></div></body></html>`;
}

/** What challenges.cloudflare.com answers locally: an empty document. */
export function emptyChallengeHtml(): string {
  return '<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>';
}

/**
 * The sign-in page of an off-host sign-in host: Google's "Sign in / Email or phone / Next"
 * for accounts.google.com (and any other host), OpenAI's "Welcome back / Email address /
 * Continue" for auth.openai.com. Deliberately free of the chat sites' own login-wall markup
 * (no "Log in" buttons, no links back to a ServiceLogin URL, no data-testids): an adapter must
 * recognise the tab by its host, not by selectors.
 */
export function signInPageHtml(hostname: string): string {
  if (hostname.endsWith('openai.com')) {
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Log in - OpenAI</title></head>
<body><main class="login-container"><h1>Welcome back</h1>
<form method="post" onsubmit="event.preventDefault()"><label for="email-address">Email address</label>
<input id="email-address" name="email" type="email" autocomplete="username" required>
<button type="submit" name="intent" value="email">Continue</button></form>
<p>Don't have an account? <span>Sign up</span></p></main></body></html>`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts</title></head>
<body><div id="initialView" role="presentation"><h1 id="headingText">Sign in</h1>
<div id="headingSubtext">to continue</div>
<form method="post" onsubmit="event.preventDefault()"><input type="email" id="identifierId" name="identifier" autocomplete="username" aria-label="Email or phone">
<div id="identifierNext"><button type="submit">Next</button></div></form></div></body></html>`;
}
