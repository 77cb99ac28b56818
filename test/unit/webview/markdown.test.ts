import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { addCopyButtons, createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';

const dom = new JSDOM('<!DOCTYPE html><body></body>');
const window = dom.window as unknown as WindowLike & Window;
const render = createMarkdownRenderer(window);
after(() => dom.window.close());

describe('createMarkdownRenderer', () => {
  it('renders GitHub markdown: emphasis, lists, fenced code with its language', () => {
    const html = render('**bold** and `code`\n\n- one\n- two\n\n```ts\nconst a = 1 < 2;\n```');
    assert.match(html, /<strong>bold<\/strong>/);
    assert.match(html, /<li>one<\/li>/);
    assert.match(html, /<pre><code class="language-ts">const a = 1 &lt; 2;\n<\/code><\/pre>/);
  });

  it('removes scripts, event handlers, iframes, styles and javascript: links', () => {
    const html = render('<script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="https://e.com"></iframe><p style="color:red">p</p>\n\n[x](javascript:alert(3)) [ok](https://example.com)');
    assert.doesNotMatch(html, /<script|onerror|<iframe|style=|javascript:/i);
    assert.match(html, /<a href="https:\/\/example.com" rel="noopener noreferrer">ok<\/a>/);
  });

  it('keeps a model answer that quotes HTML as text inside code', () => {
    const html = render('```html\n<button onclick="x()">hi</button>\n```');
    assert.match(html, /&lt;button onclick="x\(\)"&gt;hi&lt;\/button&gt;/);
  });
});

describe('addCopyButtons', () => {
  it('adds one Copy button per code block that copies the raw code', () => {
    const container = window.document.createElement('div');
    container.innerHTML = render('```\nline 1\nline 2\n```\n\ntext\n\n```\nsecond\n```');
    const copied: string[] = [];
    addCopyButtons(container, (text) => copied.push(text));
    addCopyButtons(container, (text) => copied.push(text));
    const buttons = container.querySelectorAll('button.copy-code');
    assert.equal(buttons.length, 2);
    (buttons[0] as HTMLButtonElement).click();
    assert.deepEqual(copied, ['line 1\nline 2\n']);
  });
});
