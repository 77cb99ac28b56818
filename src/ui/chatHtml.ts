/** The chat view's HTML page: a strict CSP (scripts only with the page's nonce), styles and script from the extension (pure). */

/** The HTML page of the view (exported for tests of the CSP). */
export function renderChatHtml(options: { cspSource: string; nonce: string; scriptUri: string; styleUri: string }): string {
  const csp = [
    "default-src 'none'",
    `style-src ${options.cspSource}`,
    `img-src ${options.cspSource} https: data:`,
    `font-src ${options.cspSource}`,
    `script-src 'nonce-${options.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${options.styleUri}" rel="stylesheet">
<title>PTK Chat</title>
</head>
<body>
<div id="app"></div>
<script nonce="${options.nonce}" src="${options.scriptUri}"></script>
</body>
</html>`;
}
