/**
 * How a replica tab names its own conversation to the server: the header each request carries and
 * the sessionStorage key that keeps it per tab. Shared by the page (app.ts), the server and the
 * tests that read a tab's conversation.
 */
export const CONVERSATION_HEADER = 'x-replica-conversation';
export const CONVERSATION_STORAGE_KEY = 'replica-conversation';
