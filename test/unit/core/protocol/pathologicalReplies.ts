/**
 * Pathological model replies: long runs of every fence and tag character, broken and deeply
 * nested calls, and the shapes of each alternative protocol, each built at a given size.
 * The parser must read every one in linear time: bench/parser.bench.ts times each at two sizes
 * and gates the growth; parserPathological.test.ts, streamingBoundaries.test.ts and
 * alternativeProtocols.test.ts check the results on them.
 */

/** Repeats `unit` to about `chars` characters. */
export function repeatTo(unit: string, chars: number): string {
  return unit.repeat(Math.max(1, Math.round(chars / unit.length)));
}

const call = (body: string): string => `<TOOL_CALL>${body}</TOOL_CALL>`;
const argsPrefix = '{"tool":"x","args":{"a":';

/** Every shape: a name and a reply of about `chars` characters. */
export const pathologicalReplies: Record<string, (chars: number) => string> = {
  // Fences.
  'a run of ~ at a line start': (chars) => '~'.repeat(chars),
  'a run of ~ after a line of text': (chars) => `Text\n${'~'.repeat(chars)}`,
  'two runs of ~ on two lines': (chars) => `${'~'.repeat(chars / 2)}\n${'~'.repeat(chars / 2)}`,
  'a ~~~ fence line with a long info string': (chars) => `~~~${'~ a'.repeat(chars / 3)}`,
  'a run of backticks': (chars) => '`'.repeat(chars),
  'backtick fence lines': (chars) => repeatTo('```\n', chars),
  'tilde fence lines': (chars) => repeatTo('~~~\n', chars),
  'fence markers without a newline': (chars) => `\n${repeatTo('```', chars)}`,
  'alternating ``` and ~~~ fence lines': (chars) => repeatTo('```\n~~~\n', chars),
  'empty backtick fences': (chars) => repeatTo('```\n```\n', chars),
  'empty tilde fences': (chars) => repeatTo('~~~\n\n~~~\n', chars),
  'a fence opened over blank lines': (chars) => `~~~\n${' \n'.repeat(chars / 2)}~~~x`,
  'a ```tool fence full of braces': (chars) => `\`\`\`tool\n${'{'.repeat(chars)}\n\`\`\``,
  'a ```tool fence with stray quotes': (chars) => `\`\`\`tool\n${argsPrefix}${'"a'.repeat(chars / 2)}}}\n\`\`\``,
  // Tag and JSON characters, in prose.
  'a run of <': (chars) => '<'.repeat(chars),
  'a run of >': (chars) => '>'.repeat(chars),
  'a run of /': (chars) => '/'.repeat(chars),
  'a run of {': (chars) => '{'.repeat(chars),
  'a run of }': (chars) => '}'.repeat(chars),
  'a run of [': (chars) => '['.repeat(chars),
  'a run of ]': (chars) => ']'.repeat(chars),
  'a run of "': (chars) => '"'.repeat(chars),
  'a run of backslashes': (chars) => '\\'.repeat(chars),
  'a run of newlines': (chars) => '\n'.repeat(chars),
  'a run of spaces': (chars) => ' '.repeat(chars),
  'lines of spaces': (chars) => repeatTo('   \n', chars),
  'CRLF line ends': (chars) => repeatTo('\r\n', chars),
  '<TOOL_CALL> repeated': (chars) => repeatTo('<TOOL_CALL>', chars),
  'unclosed fences holding <TOOL_CALL>{': (chars) => repeatTo('```\n<TOOL_CALL>{', chars),
  '<TOOL_CALL> lines': (chars) => repeatTo('<TOOL_CALL>\n', chars),
  '</TOOL_CALL> repeated': (chars) => repeatTo('</TOOL_CALL>', chars),
  'tag prefixes (<TOOL_CAL)': (chars) => repeatTo('<TOOL_CAL', chars),
  '< followed by letters': (chars) => repeatTo('<abcdefghijklmnopqrstuvwxyz', chars),
  'quoted and inline-code tags': (chars) => repeatTo('"<TOOL_CALL>" `<TOOL_CALL>` ', chars),
  'JSON call heads without tags': (chars) => repeatTo('{"tool":\n', chars),
  'TOOL_RESULT: lines': (chars) => repeatTo('TOOL_RESULT: x\n', chars),
  'TOOL_RESULT: repeated after a call': (chars) => `${call('{"tool":"x","args":{}}')}\n${repeatTo('TOOL_RESULT: ', chars)}`,
  // Inside a call.
  'a call of {': (chars) => call('{'.repeat(chars)),
  'an unclosed call of {': (chars) => `<TOOL_CALL>${'{'.repeat(chars)}`,
  'an unclosed call of backticks': (chars) => `<TOOL_CALL>${'`'.repeat(chars)}`,
  'a call of [ (never closed)': (chars) => call(argsPrefix + '['.repeat(chars)),
  'a call nested deep and closed': (chars) => call(`${argsPrefix}${'['.repeat(chars / 2)}${']'.repeat(chars / 2)}}}`),
  'a call with an unclosed string': (chars) => call(`${argsPrefix}"${'x'.repeat(chars)}`),
  'a call with unclosed quotes': (chars) => call(argsPrefix + '"a'.repeat(chars / 2)),
  'a call with stray quotes in a string': (chars) => call(`${argsPrefix}${'"a'.repeat(chars / 2)}"}}`),
  'a call with typographic quotes': (chars) => call(`${argsPrefix}${'\u201ca'.repeat(chars / 2)}}}`),
  'a call with values missing commas': (chars) => call(`${argsPrefix}[${'"a" '.repeat(chars / 4)}]}}`),
  'a call with backslashes in a string': (chars) => call(`${argsPrefix}"${'\\'.repeat(chars)}`),
  'a call of / and comment starts': (chars) => call(`{${'/*'.repeat(chars / 2)}`),
  'a call of <': (chars) => call(`x${'<'.repeat(chars)}`),
  'a call of closing-tag prefixes': (chars) => `<TOOL_CALL>x${repeatTo('</TOOL_CAL', chars)}`,
  'a call of fence lines': (chars) => `<TOOL_CALL>${repeatTo('```\n', chars)}`,
  'args double-encoded with stray quotes': (chars) => call(`{"tool":"x","args":${JSON.stringify(`{"a":${'"a'.repeat(chars / 2)}`)}}`),
  'args double-encoded, nested deep': (chars) => call(`{"tool":"x","args":${JSON.stringify(`{"a":${'['.repeat(chars / 4)}${']'.repeat(chars / 4)}}`)}}`),
  'many calls with stray quotes': (chars) => repeatTo(`${call(`${argsPrefix}${'"a'.repeat(2_000)}"}}`)}\n`, chars),
  // Alternative protocols.
  'YAML headers': (chars) => repeatTo('TOOL: x\n', chars),
  'YAML block scalar headers': (chars) => `TOOL: x\nARGS:\n${repeatTo('  a: |\n', chars)}`,
  'a long YAML block scalar': (chars) => `TOOL: x\nARGS:\n  a: |\n${repeatTo('    x\n', chars)}`,
  'a YAML header padded with spaces': (chars) => `TOOL:${' '.repeat(chars)}x y`,
  'a YAML argument nested deep': (chars) => `TOOL: x\nARGS:\n  a: ${'['.repeat(chars / 2)}${']'.repeat(chars / 2)}`,
  'a function-call argument nested deep': (chars) => `x(a=${'['.repeat(chars / 2)}${']'.repeat(chars / 2)})`,
  'a function call of (': (chars) => `f(${'('.repeat(chars)})`,
  'a function call of many arguments': (chars) => `f(${repeatTo('a=1,', chars)}a=1)`,
  'a function call of quotes': (chars) => `f(${'"'.repeat(chars)})`,
  '<tool openings and one far >': (chars) => `${repeatTo('<tool', chars)}>`,
  '<function openings and one far >': (chars) => `${repeatTo('<function', chars)}>`,
  'unclosed <tool name> tags': (chars) => repeatTo('<tool name="x">', chars),
  'a <tool> full of <arg> openings': (chars) => `<tool name="x">${repeatTo('<arg name="a">', chars)}</tool>`,
  'unclosed <tool><arg> pairs': (chars) => repeatTo('<tool name="a"><arg name="b">', chars),
  'unclosed function calls, one a line': (chars) => repeatTo('a(b="c"\n', chars),
  'unclosed <function=…> tags': (chars) => repeatTo('<function=x>', chars),
  'a <function> full of <parameter> openings': (chars) => `<function=x>${repeatTo('<parameter=a>', chars)}</function>`,
  'quoted fences then <tool> blocks': (chars) => repeatTo('```ts\n```\n', chars / 2) + repeatTo('<tool name="a"></tool>', chars / 2),
  'quoted fences then <function> blocks': (chars) => repeatTo('```ts\n```\n', chars / 2) + repeatTo('<function=a></function>', chars / 2),
};
