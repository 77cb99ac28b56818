import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { addCopyButtons, createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { StreamingMarkdown } from '../../../src/webview/streamingMarkdown';
import { codeAnswer, markupAnswer, paragraphAnswer, paragraphSentence } from './markupAnswer';

const dom = new JSDOM('<!DOCTYPE html><body></body>');
after(() => dom.window.close());
const document = dom.window.document;
const render = createMarkdownRenderer(dom.window as unknown as WindowLike);

/** A small deterministic random source (same splits on every run). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `text` rendered at once, as the view renders a finished answer. */
function whole(text: string): string {
  const element = document.createElement('div');
  element.innerHTML = render(text);
  addCopyButtons(element, () => undefined);
  return element.innerHTML;
}

/** Streams `text` in chunks of random sizes up to `maxChunk`; `check` sees every prefix shown. */
function stream(text: string, seed: number, maxChunk: number, check?: (shown: string, html: string) => void): { html: string; renderedChars: number } {
  const element = document.createElement('div');
  const bubble = new StreamingMarkdown(element, render, () => undefined);
  const next = random(seed);
  for (let end = 0; end < text.length; ) {
    end = Math.min(text.length, end + 1 + Math.floor(next() * maxChunk));
    assert.equal(bubble.update(text.slice(0, end)), true);
    check?.(text.slice(0, end), element.innerHTML);
  }
  return { html: element.innerHTML, renderedChars: bubble.renderedChars };
}

/** A sentence of a long paragraph, or one with a hard and a soft line break. */
const sentence = (index: number) => (index % 4 === 3 ? 'A line with a hard break  \nand a soft one\ncontinues here. ' : paragraphSentence(index));

const ANSWERS: Record<string, string> = {
  'one long paragraph with inline markup': Array.from({ length: 28 }, (_, index) => sentence(index)).join(''),
  'paragraphs, lists, tables, quotes and code blocks': markupAnswer(2_000),
  'a code block with blank lines, tabs and lines that look like fences': [
    'Here is the code:\n\n```ts\n',
    'function a() {\n\treturn 1;\n}\n\n\n``not a fence\n  ~~~ nor this\n````x\n',
    Array.from({ length: 40 }, (_, index) => `const v${index} = ${index}; // \`x\` <b>`).join('\n'),
    '\n```\nAfter the block, a paragraph that goes on and on with `code` and *emphasis* for a while.\n',
  ].join(''),
  'a tilde fence, an unclosed fence and math blocks': '~~~\nplain\n```\nstill code\n~~~~\n\n$$\na^2 + b^2\n$$\n\n```py\nprint(1)\n\nprint(2)\n',
  'a list of long items and a table': `${Array.from({ length: 12 }, (_, index) => `- item ${index} with \`code\` and a [link](https://e.com/${index}) and *more* words`).join('\n')}\n\n| a | b |\n|---|---|\n${Array.from({ length: 12 }, (_, index) => `| ${index} | \`v${index}\` |`).join('\n')}\n`,
  'a paragraph that turns into a heading and one that turns into a table': 'Some words here and more words there\n=====\n\nName and kind of the thing here\n|---|\n\nA paragraph\nwith lines\n- a list after it\n',
  'paragraphs with stray marks that never close': 'A [bracket and a `tick and **bold that never closes, and more words follow here for a while and on. '.repeat(8),
};

describe('StreamingMarkdown', () => {
  for (const [name, answer] of Object.entries(ANSWERS)) {
    it(`shows, at every update, what rendering the text so far at once shows: ${name}`, () => {
      for (const [seed, maxChunk] of [[2, 17], [3, 60], [4, 400]] as const) {
        const { html } = stream(answer, seed, maxChunk, (shown, html) => assert.equal(html, whole(shown), `after ${shown.length} characters (seed ${seed}): ${JSON.stringify(shown.slice(-80))}`));
        assert.equal(html, whole(answer));
      }
    });
  }

  it('renders a 200 KB single paragraph, and a 200 KB code block, at a cost proportional to the answer', () => {
    const paragraph = paragraphAnswer(200_000);
    const code = codeAnswer(200_000);
    for (const [name, answer] of [['paragraph', paragraph], ['code block', code]] as const) {
      assert.ok(answer.length > 190_000, `${name}: ${answer.length} characters`);
      const { html, renderedChars } = stream(answer, 7, 2_000);
      assert.equal(html, whole(answer), `${name}: the streamed bubble is the whole render`);
      assert.ok(renderedChars <= answer.length * 3, `${name}: ${renderedChars} characters rendered for a ${answer.length}-character answer`);
    }
  });

  it('renders a 2,000-row table and a long quote with code blocks in it at a cost proportional to the answer', () => {
    const table = `| n | name | link |\n|---:|:---|---|\n${Array.from({ length: 2_000 }, (_, index) => `| ${index} | \`v${index}\` *x* | [l](https://e.com/${index}) |`).join('\n')}\n`;
    const quote = Array.from({ length: 300 }, (_, index) => `> Part ${index} with *words* here.\n>\n> \`\`\`ts\n> const x${index} = 1;\n> \`\`\`\n>\n`).join('');
    for (const [name, answer] of [['table', table], ['quote', quote]] as const) {
      const { html, renderedChars } = stream(answer, 8, 600);
      assert.equal(html, whole(answer), `${name}: the streamed bubble is the whole render`);
      assert.ok(renderedChars <= answer.length * 3, `${name}: ${renderedChars} characters rendered for a ${answer.length}-character answer`);
    }
  });

  it('a paragraph with a mark that never closes, then 200 paragraphs, costs in proportion to the answer', () => {
    const answer = `The product 5*3 = 15 and an unclosed \`tick.\n\n${Array.from({ length: 200 }, (_, index) => `Paragraph ${index} has some words in it and goes on for a while.`).join('\n\n')}\n`;
    const { html, renderedChars } = stream(answer, 9, 300);
    assert.equal(html, whole(answer));
    assert.ok(renderedChars <= answer.length * 3, `${renderedChars} characters rendered for a ${answer.length}-character answer`);
  });
});
