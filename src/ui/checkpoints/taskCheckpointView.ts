/**
 * The chat session's side of the checkpoints for one task: tells the recorder which task and
 * turn run (and where the turn's reply sits in the transcript, which a truncation cuts at), and
 * turns what the recorder reports into the chat's checkpoint items. A turn's item stands before
 * the turn's first item (its answer bubble, else its first tool card); the task's item comes at
 * the task's end.
 */
import type { PTKMessage } from '../../core/types';
import type { ChatEvent } from '../../shared/chat/protocol';
import type { TaskCheckpoints } from './checkpointRecorder';

/** The chat item id of a turn's checkpoint. */
export const turnCheckpointItemId = (checkpointId: string) => `checkpoint:${checkpointId}`;
/** The chat item id of a task's "Undo all changes" item. */
const taskCheckpointItemId = (taskId: string) => `checkpoint-task:${taskId}`;

export class TaskCheckpointView {
  /** Non-system messages of the transcript so far (the engine reports each one as it is added). */
  private messageCount = 0;
  private turn = 0;
  /** Turn → the chat item its checkpoint stands before. */
  private readonly anchors = new Map<number, string>();

  constructor(private readonly recorder: TaskCheckpoints, private readonly conversationId: string, private readonly taskId: string, private readonly emit: (event: ChatEvent) => void) {
    recorder.startTask(conversationId, taskId, (update) =>
      this.emit({
        type: 'checkpoint',
        id: turnCheckpointItemId(update.checkpointId),
        scope: 'turn',
        taskId,
        checkpointId: update.checkpointId,
        turn: update.turn,
        files: update.files,
        notes: update.notes,
        beforeItemId: this.anchors.get(update.turn),
      }),
    );
  }

  messageAdded(message: PTKMessage): void {
    if (message.role !== 'system') this.messageCount++;
  }

  /** A turn's reply is in (its bubble, if it showed one, is `bubbleId`); its tools run next. */
  turnStarted(turn: number, bubbleId: string | undefined): void {
    this.turn = turn;
    if (bubbleId) this.anchors.set(turn, bubbleId);
    this.recorder.startTurn(turn, this.messageCount, this.conversationId);
  }

  /** A tool card appeared: the turn's first item when the reply showed no text. */
  toolCardShown(cardId: string): void {
    if (!this.anchors.has(this.turn)) this.anchors.set(this.turn, cardId);
  }

  /** The task ended: shows what it changed, with "Undo all changes of this task". */
  async finished(): Promise<void> {
    const changes = await this.recorder.finishTask(this.conversationId);
    if (changes) this.emit({ type: 'checkpoint', id: taskCheckpointItemId(this.taskId), scope: 'task', taskId: this.taskId, files: changes.files, notes: changes.notes, ...(changes.counts.length > 0 ? { counts: changes.counts } : {}) });
  }
}
