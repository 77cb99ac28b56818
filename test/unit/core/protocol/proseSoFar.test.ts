/**
 * The streaming scanner's proseSoFar(): what a chat view shows of a reply while it streams.
 * It must hide every call (finished, half-written, in a ```tool block), hold back a tag still
 * arriving, keep quotations, read the same for every way of splitting the reply, and end as
 * the finished reply's `content`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKParser } from '../../../../src/core/protocol';

const parser = new PTKParser();
const CALL = '<TOOL_CALL>{"tool":"read_file","args":{"path":"a.ts"}}</TOOL_CALL>';

function proseAfter(text: string): string {
  const scanner = parser.stream();
  scanner.push(text);
  return scanner.proseSoFar();
}

const REPLIES = [
  'The answer is **four**.\n',
  `Let me read it.\n${CALL}\n`,
  `Reading first.\n${CALL}\nThen I will explain.\n`,
  'Ok\n```tool\n{"tool":"read_file","args":{"path":"a.ts"}}\n```\n',
  'Write `<TOOL_CALL>` then the JSON, then `</TOOL_CALL>`.\n',
  'Here is code:\n```ts\nconst tag = "<TOOL_CALL>";\nif (a < b) return;\n```\nDone.\n',
  `Calling.\n\`\`\`json\n${CALL}\n\`\`\`\n`,
  `${CALL}\nTOOL_RESULT: {"success": true}\nInvented answer.\n`,
  'Cut off: <TOOL_CALL>{"tool":"read_file","args":{"pa',
];

describe('StreamingScanner.proseSoFar', () => {
  it('hides a call from its opening tag, and a tag still being typed', () => {
    assert.equal(proseAfter('Let me read it.\n<TOOL_CALL>{"tool":"read_file"'), 'Let me read it.');
    assert.equal(proseAfter('Sure <PTK_CALL>{}</PTK_CALL>'), 'Sure');
    assert.equal(proseAfter('Reading <TOOL_CA'), 'Reading');
    assert.equal(proseAfter('a <'), 'a');
  });

  it('keeps a plain answer whole, a lone < in code and a quoted tag included', () => {
    assert.equal(proseAfter('if (a < b) return;'), 'if (a < b) return;');
    assert.equal(proseAfter('Write `<TOOL_CALL>` then the JSON.'), 'Write `<TOOL_CALL>` then the JSON.');
  });

  it('hides an open ```tool block (a call being written) and shows prose after a finished call', () => {
    assert.equal(proseAfter('Ok\n```tool\n{"tool":"read_file","args":'), 'Ok');
    // A line after a call shows once it cannot be an invented result any more (its end, or 40 characters).
    assert.equal(proseAfter(`Reading first.\n${CALL}\nThen I will explain.`), 'Reading first.');
    assert.equal(proseAfter(`Reading first.\n${CALL}\nThen I will explain.\n`), 'Reading first.\n\nThen I will explain.');
  });

  it('leaves out an invented tool result and what follows it', () => {
    assert.equal(proseAfter(`Calling.\n${CALL}\nTOOL_RESULT: {"success": true}\nThe file says hello.\n`), 'Calling.');
  });

  it('reads the same for every split as for the prefix pushed whole, and never shows call JSON', () => {
    for (const reply of REPLIES) {
      for (let chunkSize = 1; chunkSize <= 9; chunkSize++) {
        const scanner = parser.stream();
        for (let offset = 0; offset < reply.length; offset += chunkSize) {
          scanner.push(reply.slice(offset, offset + chunkSize));
          const prose = scanner.proseSoFar();
          assert.equal(prose, proseAfter(reply.slice(0, offset + chunkSize)), `${JSON.stringify(reply)} in chunks of ${chunkSize}, at ${offset}`);
          assert.ok(!prose.includes('"args"'), `no call JSON shown: ${JSON.stringify(prose)}`);
        }
      }
    }
  });

  it('ends as the finished reply content, before and after end()', () => {
    for (const reply of REPLIES) {
      const scanner = parser.stream();
      scanner.push(reply);
      const streamed = scanner.proseSoFar();
      const content = scanner.end().content;
      if (!reply.endsWith('"pa')) assert.equal(streamed, content, JSON.stringify(reply));
      assert.equal(scanner.proseSoFar(), content);
    }
  });
});

/** A reply with every shape tidying touches: calls inside fences (left empty), blank-line runs, fences, tables, indented fence markers. */
function markupReply(sections: number): string {
  const parts: string[] = [];
  for (let index = 0; index < sections; index++) {
    parts.push(
      `## Step ${index}\n\nSome \`inline\` code, a < sign and a quoted \`<TOOL_CALL>\`.\n\n\n\n`,
      '| a | b |\n|---|---|\n| 1 | 2 |\n   \n',
      '```ts\nconst x = 1;\n\n\n\nreturn x;\n```\n',
      `\`\`\`json\n${CALL}\n\`\`\`\n`,
      `   ~~~ info\n\n   ~~~\ntext after an empty fence${index}\n`,
      '  ```\n  indented fence\n  ```\n',
      index % 3 === 0 ? `Calling.\n${CALL}\n\n\n\n` : 'No call in this one.  \n',
    );
  }
  return parts.join('');
}

describe('StreamingScanner.proseChange', () => {
  const replies = [...REPLIES, markupReply(6), `${'word '.repeat(3000)}\n${CALL}\nafter\n`, `   \n\n  lead${markupReply(2)}`];

  it('adds up, change by change, to proseSoFar() for every split, and ends as the finished reply content', () => {
    for (const reply of replies) {
      for (const chunkSize of [1, 2, 3, 7, 13, 64, 1000]) {
        const scanner = parser.stream();
        let shown = '';
        let rewrites = 0;
        for (let offset = 0; offset < reply.length; offset += chunkSize) {
          scanner.push(reply.slice(offset, offset + chunkSize));
          const change = scanner.proseChange();
          if (change.rewrite) rewrites++;
          shown = change.rewrite ? change.text : shown + change.text;
          assert.equal(shown, scanner.proseSoFar(), `${JSON.stringify(reply.slice(0, 80))} in chunks of ${chunkSize}, at ${offset}`);
        }
        const whole = parser.parse(reply).content;
        if (!reply.endsWith('"pa')) assert.equal(shown, whole, `streamed prose equals the reply's content (chunks of ${chunkSize})`);
        scanner.end();
        const last = scanner.proseChange();
        shown = last.rewrite ? last.text : shown + last.text;
        assert.equal(shown, whole);
        assert.ok(rewrites <= reply.length / 20 + 3, `rewrites stay rare: ${rewrites}`);
      }
    }
  });
});
