/**
 * What the chat does with a line the user sends: a line that names no slash command is sent as
 * typed; /new, /compact and /mode are done (the mode from what follows the name); a prompt
 * command is sent as its template filled with the rest of the line, shown in the conversation
 * as the line the user typed. An `${input:…}` nothing on the line filled is asked for (a
 * dismissed question sends nothing); an editor variable the editor cannot give (no selection
 * for `${selection}`) stops the command with a notice that says what it needs.
 */
import type { CommandContext } from './commandArguments';
import { expandCommandLine } from './expandCommandLine';
import type { SlashCommand } from './slashCommand';

export interface CommandLineParts {
  commands(): readonly SlashCommand[];
  /** What the editor knows now (selection, active file, workspace folder). */
  context(): CommandContext;
  /** Sends `prompt` as a message, shown as `displayText`. */
  send(prompt: string, displayText: string): Promise<unknown> | void;
  newConversation(): Promise<void> | void;
  compact(): Promise<void> | void;
  /** Switches the conversation's mode to the one `argument` names (empty: let the user choose). */
  setMode(argument: string): Promise<void> | void;
  /** Asks for the value of an input (`name`, with the prompt file's `placeholder`); undefined: dismissed. */
  askInput(name: string, placeholder: string | undefined, command: string): Promise<string | undefined>;
  notice(text: string): void;
}

/** `${input:name}` or `${input:name:placeholder}` as written in a template. */
const INPUT_PLACEHOLDER = /^\$\{input:([^}:]+)(?::([^}]*))?\}$/;

export async function runCommandLine(line: string, parts: CommandLineParts): Promise<void> {
  const read = expandCommandLine(line, parts.commands(), parts.context());
  if (read.kind === 'text') {
    await parts.send(line, line);
    return;
  }
  if (read.kind === 'action') {
    if (read.action === 'new') await parts.newConversation();
    else if (read.action === 'compact') await parts.compact();
    else await parts.setMode(read.argument);
    return;
  }
  let text = read.text;
  const variables = read.unfilled.filter((placeholder) => !INPUT_PLACEHOLDER.test(placeholder));
  if (variables.length > 0) {
    parts.notice(`/${read.command.name} needs ${variables.join(', ')}, which the editor cannot give now (select the code or open the file first): nothing was sent.`);
    return;
  }
  for (const placeholder of new Set(read.unfilled)) {
    const [, name, hint] = INPUT_PLACEHOLDER.exec(placeholder)!;
    const value = await parts.askInput(name!, hint, read.command.name);
    if (value === undefined) {
      parts.notice(`/${read.command.name} was not sent: it needs ${name}.`);
      return;
    }
    text = text.split(placeholder).join(value);
  }
  await parts.send(text, line);
}
