import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { domToMarkdown } from '../../../src/browser/page/domToMarkdown';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';

/**
 * Converts `html`. `fills` sets the inner HTML of elements by id after parsing: markup a page
 * script builds with DOM calls but an HTML parser would restructure (a `pre` inside a `p`).
 */
function render(html: string, fills: Record<string, string> = {}): string {
  const dom = new JSDOM(`<div id="root">${html}</div>`);
  for (const [id, inner] of Object.entries(fills)) dom.window.document.getElementById(id)!.innerHTML = inner;
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

  describe('real answer markup: math, AI Studio wrappers, every formatting shape', () => {
    // Re-typed (reduced) from public captures of live answers, named in each case.
    /** KaTeX's output as ChatGPT shows it: MathML with the TeX annotation, then aria-hidden glyphs. */
    const katex = (tex: string, mathml: string, glyphs: string, display = false): string =>
      `<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"${display ? ' display="block"' : ''}><semantics><mrow>${mathml}</mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height: 0.68em;"></span>${glyphs}</span></span></span>`;

    it('ChatGPT: the formatting showcase comes back exact, math as its TeX once (nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/chatgpt/formatting-showcase-2026-07.html @ac66aa00, captured 2026-07)', () => {
      const code = `<pre class="overflow-visible! px-0!"><div class="relative w-full mt-4 mb-1"><div class="contents"><div class="border rounded-3xl"><div class="select-none sticky z-2"><div class="flex w-full items-center justify-between"><div class="flex max-w-[75%] items-center text-sm font-medium"><svg aria-hidden="true" class="icon-sm"><use href="#e45ab3"></use></svg>Python</div><div class="flex flex-row items-center"><button type="button" aria-label="Copy"><svg aria-hidden="true"></svg></button><button class="btn" aria-label="Run code" type="button"><div class="flex"><svg aria-label=""></svg>Run</div></button></div></div></div><div class="relative"><div id="code-block-viewer" dir="ltr" class="cm-editor"><div class="cm-scroller"><pre class="cm-content m-0"><code><span class="ͼm">widgets</span><span> </span><span class="ͼg">=</span><span> [</span><span class="ͼk">"Alpha"</span><span>]\n</span><span class="ͼm">print</span><span>(</span><span class="ͼm">widgets</span><span>)</span></code></pre></div></div></div></div></div></div></pre>`;
      const html = `<div class="markdown prose dark:prose-invert wrap-break-word w-full light markdown-new-styling"><h2 data-section-id="1yejgww" data-start="0" data-end="27">Fictional Widget Factory</h2><p data-start="29" data-end="132"><strong data-start="29" data-end="37">Bold</strong> <em data-start="38" data-end="46">italic</em> <code data-start="47" data-end="62">widget.init()</code> and <span class="" data-state="closed"><a target="_blank" class="decorated-link" rel="noopener" href="https://example.com/">example.com<span aria-hidden="true" class="ms-0.5 inline-block"><svg aria-hidden="true"><use href="#304883"></use></svg></span></a></span> power imaginary production.</p><ul data-start="134" data-end="196"><li data-section-id="1tknbqh"><p>Blue widgets</p></li><li data-section-id="ubmegd"><p>Red widgets</p><ul><li data-section-id="4nzfae"><p>Tested daily</p></li></ul></li></ul><ol data-start="198" data-end="237"><li><p>Assemble casing.</p></li><li><p>Package widgets.</p></li></ol><div class="TyagGW_tableContainer"><div tabindex="-1" class="group TyagGW_tableWrapper flex flex-col-reverse w-fit"><table class="w-fit min-w-(--thread-content-width)"><thead><tr><th data-col-size="sm">Widget</th><th data-col-size="sm">Status</th></tr></thead><tbody><tr><td data-col-size="sm">Alpha</td><td data-col-size="sm">Ready</td></tr></tbody></table><div class="relative h-0 self-end select-none"><div class="absolute end-0 flex items-end"><span class="" data-state="closed"><button aria-label="Copy table"><svg aria-hidden="true"></svg></button></span></div></div></div></div><blockquote><p>Every fictional widget passed pretend inspection.</p></blockquote><hr>${code}<p data-start="583" data-end="603">Inline: ${katex('E = mc^2', '<mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup>', '<span class="mord mathnormal">E</span><span class="mrel">=</span><span class="mord mathnormal">m</span><span class="mord"><span class="mord mathnormal">c</span><span class="msupsub"><span class="mord mtight">2</span></span></span>')}</p><span class="katex-display">${katex('\\sum_{i=1}^{3} i = 6', '<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mn>3</mn></munderover><mi>i</mi><mo>=</mo><mn>6</mn>', '<span class="mop op-symbol large-op">∑</span><span class="mord mathnormal">i</span><span class="mrel">=</span><span class="mord">6</span>', true)}</span></div>`;
      assert.equal(
        render(html),
        [
          '## Fictional Widget Factory',
          '',
          '**Bold** *italic* `widget.init()` and [example.com](https://example.com/) power imaginary production.',
          '',
          '- Blue widgets\n- Red widgets\n   - Tested daily',
          '',
          '1. Assemble casing.\n2. Package widgets.',
          '',
          '| Widget | Status |\n| --- | --- |\n| Alpha | Ready |',
          '',
          '> Every fictional widget passed pretend inspection.',
          '',
          '---',
          '',
          '```python\nwidgets = ["Alpha"]\nprint(widgets)\n```',
          '',
          'Inline: $E = mc^2$',
          '',
          '$$\n\\sum_{i=1}^{3} i = 6\n$$',
        ].join('\n'),
      );
    });

    it('Gemini: math from data-math (its KaTeX holds only aria-hidden glyphs), the table inside table-block (nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/gemini/real-capture.html, live 2026-01-17, and table-2026-07.html @9356f992, 2026-07)', () => {
      const glyphs = (text: string): string => `<span class="katex"><span class="katex-html" aria-hidden="true"><span class="base"><span class="mord mathnormal">${text}</span></span></span></span>`;
      const html = `<div class="markdown markdown-main-panel stronger enable-updated-hr-color"><ul data-path-to-node="3"><li><p data-path-to-node="3,0,0"><b data-path-to-node="3,0,0" data-index-in-node="0">Kinetic Energy (<span class="math-inline" data-math="KE" data-index-in-node="16">${glyphs('KE')}</span>):</b> defined by <span class="math-inline" data-math="KE = \\frac{1}{2}mv^2" data-index-in-node="94">${glyphs('KE=21​mv2')}</span>.</p></li></ul><div class="math-block" data-math="p = mv"><span class="katex-display">${glyphs('p=mv')}</span></div><div class="horizontal-scroll-wrapper"><div class="table-block-component"><response-element class="no-md"><table-block class="enable-luminous-table-block"><div class="table-block has-export-button new-table-style"><div not-end-of-paragraph="" class="table-content md-content"><table data-path-to-node="3"><thead><tr><th><span data-path-to-node="3,0,0,0">Fund</span></th><th><span data-path-to-node="3,0,1,0">Base Rate</span></th></tr></thead><tbody><tr><td><span data-path-to-node="3,1,0,0">Aetherius Capital Alpha</span></td><td><span data-path-to-node="3,1,2,0">3.50%</span></td></tr></tbody></table></div><div hide-from-message-actions="" class="table-footer hide-on-print hide-from-message-actions"><gem-icon-button arialabel="More options" class="overflow-menu-button"><button aria-label="More options"><mat-icon fonticon="more_vert" class="mat-icon google-symbols"></mat-icon></button></gem-icon-button></div></div></table-block></response-element></div></div></div>`;
      assert.equal(render(html), '- **Kinetic Energy ($KE$):** defined by $KE = \\frac{1}{2}mv^2$.\n\n$$\np = mv\n$$\n\n| Fund | Base Rate |\n| --- | --- |\n| Aetherius Capital Alpha | 3.50% |');
    });

    it('AI Studio: list items inside ms-cmark-node wrappers, span.inline-code, inline math in ms-katex > pre > code, code language from the panel title (kangjoseph90/fix-gemini-parser sites/aistudio.js; an AI Studio exporter snippet and a Turndown adapter in the code index, 2026)', () => {
      const node = (inner: string): string => `<ms-cmark-node class="ng-star-inserted">${inner}</ms-cmark-node>`;
      const text = (value: string): string => node(`<span class="ng-star-inserted">${value}</span>`);
      // Angular builds the formula's pre inside the paragraph with DOM calls; filled in after parsing.
      const inlineMath = '<ms-katex class="inline" id="formula"></ms-katex>';
      const formula = `<pre><code>${katex('x^2', '<msup><mi>x</mi><mn>2</mn></msup>', '<span class="mord mathnormal">x</span><span class="mord">2</span>')}</code></pre>`;
      const html = `<ms-cmark-node class="cmark-node">${node(`<h3>${text('Steps')}</h3>`)}${node(`<p>${text('Call ')}${node('<span class="inline-code">run()</span>')}${text(' with ')}${node(inlineMath)}${text('.')}</p>`)}${node(`<ol>${node(`<li>${node(`<p>${text('First')}</p>`)}${node(`<ul>${node(`<li>${node(`<p>${text('nested')}</p>`)}</li>`)}</ul>`)}</li>`)}${node(`<li>${node(`<p>${text('Second')}</p>`)}</li>`)}</ol>`)}${node(`<ms-katex class="display"><span class="katex-display">${katex('a+b', '<mi>a</mi><mo>+</mo><mi>b</mi>', 'a+b', true)}</span></ms-katex>`)}${node(`<ms-code-block><mat-expansion-panel><mat-expansion-panel-header><span class="mat-content"><mat-panel-title><mat-icon class="material-symbols-outlined">code</mat-icon><span>Python</span></mat-panel-title><button aria-label="Copy to clipboard"><mat-icon>content_copy</mat-icon></button></span></mat-expansion-panel-header><div class="mat-expansion-panel-content"><div class="mat-expansion-panel-body"><pre><code>x = 1</code></pre></div></div></mat-expansion-panel></ms-code-block>`)}</ms-cmark-node>`;
      assert.equal(render(html, { formula }), '### Steps\n\nCall `run()` with $x^2$.\n\n1. First\n   - nested\n2. Second\n\n$$\na+b\n$$\n\n```python\nx = 1\n```');
    });

    it('Claude and DeepSeek: standard KaTeX (annotation) next to Claude\'s classed inline code and DeepSeek\'s paragraphs', () => {
      const claude = `<div class="standard-markdown grid-cols-1 grid gap-4"><p class="font-claude-response-body break-words whitespace-normal">Use <code class="bg-text-200/5 border border-0.5 border-border-300 text-danger-000 whitespace-pre-wrap rounded-[0.4rem] px-1 py-px text-[0.9rem]">npm test</code> and ${katex('n^2', '<msup><mi>n</mi><mn>2</mn></msup>', 'n2')}.</p></div>`;
      assert.equal(render(claude), 'Use `npm test` and $n^2$.');
      const deepseek = `<div class="ds-markdown"><p class="ds-markdown-paragraph">Area:</p><span class="katex-display">${katex('\\pi r^2', '<mi>π</mi><msup><mi>r</mi><mn>2</mn></msup>', 'πr2', true)}</span></div>`;
      assert.equal(render(deepseek), 'Area:\n\n$$\n\\pi r^2\n$$');
    });

    it("a link that shows no text is a widget's hit area, dropped (claude.ai search rows, nuncaeslupus/ai-chat-exporter claude/real-capture.html, 2026-07)", () => {
      assert.equal(render('<p>Searching:</p><div><a target="_blank" href="https://example.com/a"><button><p>Result title</p></button></a></div><p>Done.</p>'), 'Searching:\n\nDone.');
    });
  });

  it('reads a code block\'s language from its own ancestors up to the converted root, never from the page around it', () => {
    // The page around an answer (a thread, a code-block header of another message) is not the answer's.
    const dom = new JSDOM(`<div data-language="python"><div class="md-code-block-banner">rust</div><div id="answer"><div><pre><code>print(1)</code></pre></div></div></div>`);
    assert.equal(domToMarkdown(dom.window.document.getElementById('answer')!), '```\nprint(1)\n```');
    const named = new JSDOM(`<div id="answer" data-language="python"><div><pre><code>print(1)</code></pre></div></div>`);
    assert.equal(domToMarkdown(named.window.document.getElementById('answer')!), '```python\nprint(1)\n```');
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
