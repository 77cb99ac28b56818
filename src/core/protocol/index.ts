export { MIN_RESULT_CHARS, PTKFormatter, type PTKFormatterOptions } from './formatter';
export { PTKParser, validateToolCall, type PTKParserOptions } from './parser';
export type { PTKStreamParser } from './streamParser';
export { ReplyStream } from './replyStream';
export { alternativeProtocols, functionCallProtocol, functionTagProtocol, xmlStyleProtocol, yamlStyleProtocol } from './alternativeProtocols';
