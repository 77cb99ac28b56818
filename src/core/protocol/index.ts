export { MIN_RESULT_CHARS, PTKFormatter, type PTKFormatterOptions, type SystemPromptOptions } from './formatter';
export { PTKParser, validateToolCall, type PTKParserOptions } from './parser';
export type { PTKStreamParser } from './streamParser';
export { ReplyStream, type ReplyDelta, type ReplyProse } from './replyStream';
export {
  alternativeProtocols,
  functionCallProtocol,
  functionTagProtocol,
  xmlStyleProtocol,
  yamlStyleProtocol,
  type AlternativeProtocol,
} from './alternativeProtocols';
export { parseCallBody, parseLenientJson } from './callBody';
export {
  cachedResultNote,
  cycleWarning,
  duplicateWarning,
  invalidArgumentsMessage,
  oneCallPerReplyNote,
  UNREADABLE_CALL_MESSAGE,
  unknownToolMessage,
} from './feedback';
