/**
 * DOM pieces of the DeepSeek replica that every DeepSeek skin (the current one and the dated
 * variants such as ../deepseek-2025-09) builds the same way: the element helper, DeepSeek's
 * wording for the shared server's states, the code block, the DeepThink block and the sign-in
 * page.
 */

/** Creates an element with attributes and optional text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/**
 * DeepSeek's wording for the states the shared server reports in ChatGPT's words. The usage cap
 * is "The server is busy. Please try again later." (deepseek-ai/DeepSeek-R1#119, 2025-01-28),
 * which names no time; the other wordings are unverified (no current source).
 */
export function deepSeekMessage(kind: string, message: string): string {
  switch (kind) {
    case 'rate_limit':
      return 'The server is busy. Please try again later.';
    case 'conversation_too_long':
      return 'This conversation has reached its length limit. Please start a new chat.';
    case 'network_drop':
      return 'Network error. Please check your connection and retry.';
    case 'prompt_too_long':
      return 'The message is too long. Please shorten it and try again.';
    case 'error_banner':
      return 'Something went wrong. Please try again later.';
    default:
      return message;
  }
}

/**
 * DeepSeek's code block (mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/deepseek.html,
 * 044367e9 and the later ffa4fd34): `div.md-code-block` > `div.md-code-block-banner-wrap` >
 * `div.md-code-block-banner` (language in `span.d813de27`, Copy / Download as `div[role=button]`
 * with `span.code-info-button-text`), then the code in a `<pre>` WITHOUT `<code>` (directly, or
 * in `div.md-code-block-content` with `contentWrapper`, the 044367e9 shape). The hashed names
 * are the fixture's.
 */
export function decorateDeepSeekCodeBlock(pre: HTMLElement, language: string, copy: () => void, options: { contentWrapper: boolean } = { contentWrapper: false }): void {
  const code = pre.textContent ?? '';
  const block = element('div', { class: 'md-code-block md-code-block-dark' });
  const wrap = element('div', { class: 'md-code-block-banner-wrap' });
  const banner = element('div', { class: 'md-code-block-banner md-code-block-banner-lite' });
  const row = element('div', { class: '_121d384' });
  const label = element('div', { class: 'd2a24f03' });
  label.append(element('span', { class: 'd813de27' }, language));
  const actions = element('div', { class: 'd2a24f03 _246a029' });
  const buttons = element('div', { class: 'efa13877' });
  const copyButton = element('div', { role: 'button', class: 'ds-button ds-button--secondary ds-button--borderless' });
  copyButton.append(element('span', { class: 'code-info-button-text' }, 'Copy'));
  copyButton.addEventListener('click', copy);
  const download = element('div', { role: 'button', class: 'ds-button ds-button--secondary ds-button--borderless' });
  download.append(element('span', { class: 'code-info-button-text' }, 'Download'));
  buttons.append(copyButton, download);
  actions.append(buttons);
  row.append(label, actions);
  banner.append(row);
  wrap.append(banner);
  pre.replaceWith(block);
  pre.removeAttribute('class');
  pre.textContent = code;
  if (options.contentWrapper) {
    const content = element('div', { class: 'md-code-block-content' });
    content.append(pre);
    block.append(wrap, content);
  } else {
    block.append(wrap, pre);
  }
}

/**
 * The DeepThink block at the top of an assistant message: a header ("Thinking…", then "Thought
 * for N seconds") and the reasoning in `thinkingClasses` > `div.ds-markdown` (current page:
 * `.ds-think-content`, TOK deepthink-response-complete 2026-08-01; 2025: `.e1675d8b`, BDE).
 * Returns the block and a function that turns the header into the finished summary.
 */
export function deepThinkBlock(text: string, thinkingClasses: string): { block: HTMLElement; update(text: string): void; settle(): void } {
  const startedAt = Date.now();
  const block = element('div', { class: '_74c0879' });
  const header = element('div', { class: '_5255ff8 _4d41763' }, 'Thinking…');
  const reasoning = element('div', { class: 'ds-markdown' }, text);
  const content = element('div', { class: thinkingClasses });
  content.append(reasoning);
  block.append(header, content);
  return {
    block,
    update(next) {
      reasoning.textContent = next;
    },
    settle() {
      header.textContent = `Thought for ${Math.max(1, Math.round((Date.now() - startedAt) / 1000))} seconds`;
    },
  };
}

/**
 * The sign-in page (chat.deepseek.com/sign_in; 2026 scripts, unattributed): "Phone number /
 * email address", "Password", "Log in", "Log in with Google". The URL is set to /sign_in
 * without a reload, as the real redirect leaves it.
 */
export function mountDeepSeekSignIn(root: HTMLElement): void {
  if (location.pathname !== '/sign_in') history.replaceState(null, '', '/sign_in');
  const page = element('div', { class: 'ds-sign-in-page _3e5c7b1' });
  page.append(
    element('h2', {}, 'Log in'),
    element('input', { class: 'ds-input__input', placeholder: 'Phone number / email address', type: 'text', 'aria-label': 'Phone number / email address' }),
    element('input', { class: 'ds-input__input', placeholder: 'Password', type: 'password', 'aria-label': 'Password' }),
    element('div', { class: 'ds-button ds-button--primary ds-button--filled', role: 'button' }, 'Log in'),
    element('div', { class: 'ds-button ds-button--secondary', role: 'button' }, 'Log in with Google'),
  );
  root.append(page);
}
