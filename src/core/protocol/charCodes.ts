/** Character codes the protocol scanners compare against (charCodeAt), named once. */
export const CHAR_TAB = 9;
export const CHAR_NEWLINE = 10;
export const CHAR_RETURN = 13;
export const CHAR_SPACE = 32;
export const CHAR_QUOTE = 34;
export const CHAR_APOSTROPHE = 39;
export const CHAR_STAR = 42;
export const CHAR_COMMA = 44;
export const CHAR_SLASH = 47;
export const CHAR_COLON = 58;
export const CHAR_LESS = 60;
export const CHAR_BACKSLASH = 92;
export const CHAR_BACKTICK = 96;
