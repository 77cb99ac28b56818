/**
 * A long assistant answer with the markup real answers have: headings, paragraphs with inline
 * code, lists (one loose), tables, code blocks holding blank lines, quotes with a lazy line, a
 * setext heading. Used to stream long answers into the chat view (tests and the bench).
 */

/** Section `index` of the answer. */
function markupSection(index: number): string {
  return [
    `## Step ${index}: the \`parser\` module\n\n`,
    `The function \`scan${index}()\` reads the text once; **each** chunk is pushed as it arrives,\nand \`end()\` returns the result, and the state it keeps between chunks is small.\n\n`,
    `- first, \`push\` the chunk\n- then ask \`hasCompleteCall()\`\n\n  a loose item's second paragraph\n\n`,
    '| name | kind | cost |\n|------|------|------|\n| push | method | O(chunk) |\n| end | method | O(1) |\n\n',
    `\`\`\`ts\nexport function step${index}(input: string): number {\n  let total = 0;\n\n\n  for (const character of input) total += character.charCodeAt(0);\n  return total;\n}\n\`\`\`\n\n`,
    `> quoted ${index}\ncontinued lazily\n\n`,
    '1. one\n2. two\n\nSummary\n=======\n\n',
  ].join('');
}

/** Whole sections up to about `chars` characters (at least one), then a closing line. */
export function markupAnswer(chars: number): string {
  const sections: string[] = [];
  for (let size = 0, index = 0; size < chars || index === 0; index++) {
    const section = markupSection(index);
    sections.push(section);
    size += section.length;
  }
  return `${sections.join('')}That is the whole module.`;
}

/** Code blocks in an answer of `markupAnswer`. */
export function codeBlocksIn(answer: string): number {
  return answer.split('```ts\n').length - 1;
}

/** Sentence `index` of a long paragraph, with the inline markup answers have (code, links, emphasis, math). */
export function paragraphSentence(index: number): string {
  return [
    `The \`parse${index}()\` call reads **each** chunk once, and [the guide](https://example.com/guide/${index}) says why. `,
    `It keeps *little* state: a snake_case_name, 2 * 3 = 6, a < b, ~~old~~ and $x^${index}$ math. `,
    `See https://example.com/a${index}. Then \\*escaped\\* marks and "quotes" follow. `,
  ][index % 3];
}

/** One paragraph of about `chars` characters (no line break in it), then a closing sentence. */
export function paragraphAnswer(chars: number): string {
  const sentences: string[] = [];
  for (let size = 0, index = 0; size < chars; index++) {
    sentences.push(paragraphSentence(index));
    size += sentences[index].length;
  }
  return `${sentences.join('')}That is the whole module.`;
}

/** One code block of about `chars` characters, then a closing line. */
export function codeAnswer(chars: number): string {
  const lines: string[] = [];
  for (let size = 0, index = 0; size < chars; index++) {
    lines.push(`const value${index} = compute(${index}); // \`step\` <${index}>`);
    size += lines[index].length + 1;
  }
  return `\`\`\`ts\n${lines.join('\n')}\n\`\`\`\n\nThat is the whole module.`;
}
