import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { domToMarkdown } from '../../../src/browser/page/domToMarkdown';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';

function render(html: string): string {
  const dom = new JSDOM(`<div id="root">${html}</div>`);
  return domToMarkdown(dom.window.document.getElementById('root')!);
}

describe('domToMarkdown', () => {
  it('keeps code fences and their language, drops the code-block header and Copy code button', () => {
    const html = `<p>Intro with <strong>bold</strong> and <code>inline</code>.</p>
<pre><div class="contain-inline-size"><div class="code-header flex">ts</div><div class="sticky"><button>Copy code</button></div><div class="overflow-y-auto"><code class="language-ts whitespace-pre!">const a = "C:\\\\dir";
if (a &lt; b) {}
</code></div></div></pre>`;
    assert.equal(render(html), 'Intro with **bold** and `inline`.\n\n```ts\nconst a = "C:\\\\dir";\nif (a < b) {}\n```');
  });

  it('keeps tool-call tags shown as text, unicode and backslashes verbatim', () => {
    const html = '<p>&lt;TOOL_CALL&gt;\n{"tool": "read_file", "args": {"path": "a\\\\b"}}\n&lt;/TOOL_CALL&gt;</p><p>héllo 你好 🚀</p>';
    assert.equal(render(html), '<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "a\\\\b"}}\n</TOOL_CALL>\n\nhéllo 你好 🚀');
  });

  it('uses a longer fence when the code holds backticks', () => {
    assert.equal(render('<pre><code class="language-md">```js\nx\n```\n</code></pre>'), '````md\n```js\nx\n```\n````');
  });

  it('renders headings, lists (nested, ordered), quotes, links, tables and rules', () => {
    const html = `<h2>Title</h2><ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul><ol start="3"><li>three</li><li>four</li></ol>
<blockquote><p>quoted</p></blockquote><p><a href="https://x.test/">link</a> <em>it</em></p><hr>
<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2|3</td></tr></tbody></table>`;
    assert.equal(
      render(html),
      '## Title\n\n- one\n   - inner\n- two\n\n3. three\n4. four\n\n> quoted\n\n[link](https://x.test/) *it*\n\n---\n\n| a | b |\n| --- | --- |\n| 1 | 2\\|3 |',
    );
  });

  it('skips screen-reader text, aria-hidden chrome and buttons', () => {
    assert.equal(render('<h6 class="sr-only">ChatGPT said:</h6><p>Answer<span aria-hidden="true">●</span></p><button>Retry</button>'), 'Answer');
  });

  it('drops [role=button] furniture and DeepSeek\'s code-block banner', () => {
    const html = `<p>Before <span role="button" tabindex="0">Copy</span>after.</p>
<div class="md-code-block"><div class="md-code-block-banner-wrap"><div class="md-code-block-banner"><span class="md-code-block-infostring">python</span><div class="ds-button" role="button">Copy</div><div class="ds-button" role="button">Download</div></div></div><pre>print(1)
</pre></div>
<div class="ds-flex"><div class="ds-icon-button" role="button" tabindex="0">⧉</div></div>`;
    assert.equal(render(html), 'Before after.\n\n```python\nprint(1)\n```');
  });

  it("reads a code block's language from its header label when the code element names none (Gemini)", () => {
    const block = (language: string, code: string): string =>
      `<code-block><div class="code-block"><div class="code-block-decoration header-formatted gds-title-s"><span>${language}</span><div class="buttons"><button aria-label="Copy code"><mat-icon>content_copy</mat-icon></button></div></div><div class="formatted-code-block-internal-container"><div class="animated-opacity"><pre><code role="text" class="code-container formatted">${code}</code></pre></div></div></div></code-block>`;
    const html = `<p>Two blocks:</p><div>${block('Python', 'print(1)\n')}</div><div>${block('JavaScript', 'let a = 1;\n')}</div>`;
    assert.equal(render(html), 'Two blocks:\n\n```python\nprint(1)\n```\n\n```javascript\nlet a = 1;\n```');
    // As on the real page: the <code-block> custom elements sit side by side with no wrapper,
    // and each is a block of its own (fences never run together).
    const adjacent = `<p>Two blocks:</p>${block('Python', 'print(1)\n')}${block('JavaScript', 'let a = 1;\n')}`;
    assert.equal(render(adjacent), 'Two blocks:\n\n```python\nprint(1)\n```\n\n```javascript\nlet a = 1;\n```');
    // A custom element holding only inline text stays inline.
    assert.equal(render('<p>Use <inline-chip>npm</inline-chip> here</p>'), 'Use npm here');
    // A language class on the code element still wins over the header.
    assert.equal(render(`<div><div class="code-block-decoration"><span>Text</span></div><pre><code class="language-ts">x\n</code></pre></div>`), '```ts\nx\n```');
    // No header, no class: no language.
    assert.equal(render('<pre><code>x\n</code></pre>'), '```\nx\n```');
  });

  describe('real code-block shapes keep their language, with no stray label line', () => {
    // Each structure is re-typed (reduced) from a public capture of the live site, named below.
    it('ChatGPT: outer pre with a sticky header span, inner pre.cm-content > code without a class (aiweb-copyfix test/fixtures/chatgpt.html @044367e9)', () => {
      const block = (language: string, code: string): string =>
        `<pre class="overflow-visible"><div class="relative w-full mt-4 mb-1"><div class="contents"><div class="border rounded-3xl"><div class="relative h-full w-full overflow-clip"><div class="select-none sticky top-0"><div class="flex"><span>${language}</span><button>Copy</button><button>Download</button></div></div><pre class="cm-content"><code>${code}</code></pre></div></div></div></div></pre>`;
      const html = `<div class="markdown prose markdown-new-styling"><p>Python:</p>${block('python', 'print(<span class="tok-string">&quot;hello&quot;</span>)\nreturn <span class="tok-number">0</span>')}<p>Bash:</p>${block('bash', 'echo hi')}</div>`;
      assert.equal(render(html), 'Python:\n\n```python\nprint("hello")\nreturn 0\n```\n\nBash:\n\n```bash\necho hi\n```');
    });

    it('ChatGPT: a code-block frame holding a label span, a Copy button and the pre (Chat-to-Markdown test/fixtures/chatgpt/code-basic.html, captured 2026-06-05)', () => {
      const html = `<div data-message-author-role="assistant"><p>Here is a function:</p><div class="code-block"><span>Python</span><button aria-label="Copy"></button><pre class="overflow-visible"><code>def f(x):\n    return x</code></pre></div><h3>How it works</h3></div>`;
      assert.equal(render(html), 'Here is a function:\n\n```python\ndef f(x):\n    return x\n```\n\n### How it works');
    });

    it('Claude: div[role=group][aria-label="python code"] with a label span (Chat-to-Markdown test/fixtures/claude/code-basic.html, captured 2026-06-08)', () => {
      const html = `<p>Here's how:</p><div role="group" aria-label="python code"><button aria-label="Copy to clipboard"></button><span>python</span><pre class="code-block__code"><code>print(1)</code></pre></div><p>Done.</p>`;
      assert.equal(render(html), "Here's how:\n\n```python\nprint(1)\n```\n\nDone.");
      // The group's label names the language even when the code element has no class.
      const unlabelled = `<div role="group" aria-label="Rust code"><div><pre><code>fn main() {}</code></pre></div></div>`;
      assert.equal(render(unlabelled), '```rust\nfn main() {}\n```');
    });

    it('Gemini: code-block with a .code-block-decoration header of spans (aiweb-copyfix test/fixtures/gemini.html @044367e9)', () => {
      const block = (language: string, code: string): string =>
        `<code-block class="code-block" animated-opacity="true"><div class="code-block-decoration"><span>${language}</span><span>Copy</span><span>Download</span></div><div class="formatted-code-block-internal-container"><div class="code-block-content"><pre><code data-test-id="code-content">${code}</code></pre></div></div></code-block>`;
      assert.equal(render(`<p>Python:</p>${block('python', 'print(1)')}<p>Bash:</p>${block('bash', 'echo 1')}`), 'Python:\n\n```python\nprint(1)\n```\n\nBash:\n\n```bash\necho 1\n```');
    });

    it('AI Studio: ms-code-block[data-test-language] with an expansion-panel header and Material icon ligatures (the structure an AI Studio extractor reads, 2026)', () => {
      const html = `<ms-cmark-node><p>Code:</p><ms-code-block data-test-language="python"><mat-expansion-panel><mat-expansion-panel-header><span class="mat-content"><mat-panel-title><mat-icon class="material-symbols-outlined">code</mat-icon><span>Python</span></mat-panel-title><button aria-label="Copy to clipboard"><mat-icon>content_copy</mat-icon></button></span></mat-expansion-panel-header><div class="mat-expansion-panel-content"><div class="mat-expansion-panel-body"><pre><code>x = 1</code></pre></div></div></mat-expansion-panel></ms-code-block></ms-cmark-node>`;
      assert.equal(render(html), 'Code:\n\n```python\nx = 1\n```');
    });

    it('DeepSeek: md-code-block banner, <pre> without <code> (aiweb-copyfix test/fixtures/deepseek.html @044367e9)', () => {
      const html = `<div class="ds-markdown ds-assistant-message-main-content"><p class="ds-markdown-paragraph">Python:</p><div class="md-code-block md-code-block-light"><div class="md-code-block-banner-wrap"><div class="md-code-block-banner md-code-block-banner-lite"><div class="_121d384"><div class="d2a24f03"><span class="d813de27">python</span></div><div class="d2a24f03 _246a029"><div class="efa13877"><div role="button"><span class="code-info-button-text">Copy</span></div><div role="button"><span>Download</span></div></div></div></div></div></div><div class="md-code-block-content"><pre><span class="token">print(</span><span class="token">&quot;hello&quot;</span><span class="token">)</span>\nreturn <span class="token">0</span></pre></div></div></div>`;
      assert.equal(render(html), 'Python:\n\n```python\nprint("hello")\nreturn 0\n```');
    });

    it('prose next to a code block is never taken for its label', () => {
      assert.equal(render('<div><p>Output</p><pre><code>42</code></pre></div>'), 'Output\n\n```\n42\n```');
      assert.equal(render('<div><strong>Output</strong><pre><code>42</code></pre></div>'), '**Output**\n\n```\n42\n```');
      assert.equal(render('<div><span>This prints the answer to everything:</span><pre><code>42</code></pre></div>'), 'This prints the answer to everything:\n\n```\n42\n```');
    });

    it('a code block inside a list item keeps its fence', () => {
      assert.equal(render('<ol><li><p>Run:</p><pre><code class="language-sh">npm test</code></pre></li></ol>'), '1. Run:\n\n   ```sh\n   npm test\n   ```');
    });
  });

  it('is self-contained, so it can be serialised into the page', () => {
    const source = domToMarkdown.toString();
    // tsx / esbuild keepNames may wrap inner functions with __name: the page script defines a shim.
    const rebuilt = new Function(`var __name = (target) => target; return (${source});`)() as typeof domToMarkdown;
    const dom = new JSDOM('<div id="r"><p>ok <b>x</b></p></div>');
    assert.equal(rebuilt(dom.window.document.getElementById('r')!), 'ok **x**');
  });
});

describe('buildPageScript', () => {
  it('installs the page runtime once, with DOM → markdown available inside the page', () => {
    const dom = new JSDOM('<div id="a"><p>x <code>y</code></p></div><textarea id="t">typed</textarea>', { runScripts: 'outside-only' });
    dom.window.eval(buildPageScript());
    dom.window.eval(buildPageScript());
    const runtime = (dom.window as unknown as { __ptkRuntime: { readComposer(selectors: unknown): string | null; captured(): string[] } }).__ptkRuntime;
    assert.equal(typeof runtime, 'object');
    assert.equal(runtime.readComposer({ composer: ['#missing', '#t'] }), 'typed');
    assert.equal(dom.window.eval('typeof domToMarkdown'), 'undefined', 'no global leaks out of the page script');
  });
});
