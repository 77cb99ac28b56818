/** The follow-up questions @ptk offers after an answer, from what the task did. Pure. */

/** What a participant's answer records (ChatResult.metadata). */
export interface ParticipantResultMetadata {
  /** The user's request. */
  prompt: string;
  success: boolean;
  /** Tools the task ran, in order. */
  toolNames: string[];
}

interface ParticipantFollowup {
  prompt: string;
  label: string;
}

const WRITING_TOOLS = new Set(['write_file', 'edit_file']);

export function participantFollowups(metadata: ParticipantResultMetadata | undefined): ParticipantFollowup[] {
  if (!metadata) return [];
  if (!metadata.success) return [{ label: 'Try again', prompt: metadata.prompt }];
  const followups: ParticipantFollowup[] = [];
  if (metadata.toolNames.some((name) => WRITING_TOOLS.has(name))) {
    followups.push({ label: 'Run the tests', prompt: 'Run the tests and fix what fails.' });
    followups.push({ label: 'Explain the changes', prompt: 'Explain the changes you made, file by file.' });
  } else if (metadata.toolNames.length > 0) {
    followups.push({ label: 'Go on', prompt: 'Go on with the next step.' });
  }
  return followups;
}
