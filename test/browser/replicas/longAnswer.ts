/**
 * Long answers with real markup for the replicas (the long-answer browser test and bench):
 * headings, paragraphs with inline code, bold and links, fenced code blocks with a language,
 * lists and tables, repeated to a given size. Written in the form DOM → markdown gives back
 * (a site renders it, the page reads it, the text is the same), so the streamed text, the DOM
 * read and the copied text of the finished answer can be compared exactly.
 */

/** One section of the answer, numbered `index`: its blocks, separated by a blank line. */
function section(index: number): string {
  const code = Array.from({ length: 3 + (index % 4) }, (_, line) => `  const value${line} = compute(input.slice(${line}, ${line + index}), \`${index}\`);`);
  return [
    `## Part ${index}`,
    `Step ${index} reads \`config.part${index}\` with **care**, then calls [the helper](https://example.com/docs/${index}) before it writes \`out/${index}.json\`.`,
    ['```ts', `export function part${index}(input: string): number {`, ...code, `  return value0.length + ${index};`, '}', '```'].join('\n'),
    [`- first item of ${index} with \`code\``, `- second item of ${index}`].join('\n'),
    ['| Name | Value | Note |', '| --- | --- | --- |', `| part${index} | \`${index * 7}\` | kept |`, `| other${index} | ${index % 13} | **bold** |`].join('\n'),
  ].join('\n\n');
}

/** An answer of about `chars` characters (whole sections, at least one). */
export function longAnswer(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 1; parts.length === 0 || length < chars; index++) {
    const next = section(index);
    parts.push(next);
    length += next.length + 2;
  }
  return parts.join('\n\n');
}

/** Where an answer's blank-line-separated parts start, taken every `every` characters (outside code blocks): for answer blocks. */
export function blockBreaks(answer: string, every: number): number[] {
  const breaks: number[] = [];
  let last = 0;
  for (let at = answer.indexOf('\n\n## '); at !== -1; at = answer.indexOf('\n\n## ', at + 1)) {
    if (at + 2 - last >= every) {
      breaks.push(at + 2);
      last = at + 2;
    }
  }
  return breaks;
}
