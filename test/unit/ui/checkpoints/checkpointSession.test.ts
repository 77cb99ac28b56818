/**
 * Checkpoints through the chat session with the real engine: a scripted model runs a task
 * whose turns write files with the real tools (write_file, run_command) on a Node workspace
 * decorated with the recorder; then the restore flow runs on the chat's checkpoint items with
 * a file-system editor and scripted answers to its questions.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { ChatItem } from '../../../../src/shared/chat/protocol';
import { createWorkspaceTools } from '../../../../src/tools';
import { ChatSession, RESEND, RESTORE_AND_RESEND } from '../../../../src/ui/chatSession';
import { fingerprintOf } from '../../../../src/ui/checkpoints/checkpointLog';
import { CheckpointRecorder } from '../../../../src/ui/checkpoints/checkpointRecorder';
import { checkpointBeforeEdit, forgetRemovedCheckpoints, restoreBeforeResend, restoreCheckpoint, type RestoreDialogs, type RestoreOutcome, type RestoreQuestion } from '../../../../src/ui/checkpoints/checkpointRestore';
import { CheckpointStore } from '../../../../src/ui/checkpoints/checkpointStore';
import { FileBlobFolder } from '../../../../src/ui/checkpoints/fileBlobFolder';
import { ConversationStore } from '../../../../src/ui/conversationStore';
import { makeRig, NodeRestoreEditor, readIfExists, type CheckpointRig } from './checkpointFixture';

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

/** Turn 1 rewrites src/app.txt, turn 2 creates notes/new.txt, turn 3 changes src/app.txt with a command, turn 4 answers. */
const TASK_REPLIES = [
  `Turn one.\n${call('write_file', { path: 'src/app.txt', content: 'app v1\n' })}`,
  `Turn two.\n${call('write_file', { path: 'notes/new.txt', content: 'new file\n' })}`,
  `Turn three.\n${call('run_command', { command: "printf 'app v3\\n' > src/app.txt" })}`,
  'All done.',
];
const ORIGINAL = 'app v0\n';

interface Answers {
  turn?: 'truncate' | 'keep';
  task?: boolean;
  overwrite?: boolean;
  /** Runs while the task's undo question is on screen. */
  whileAsked?: () => void;
}

function dialogs(answers: Answers, asked: { questions: RestoreQuestion[]; conflicts: string[][] }): RestoreDialogs {
  return {
    chooseTurnRestore: async (question) => {
      asked.questions.push(question);
      return answers.turn;
    },
    confirmTaskUndo: async (question) => {
      asked.questions.push(question);
      answers.whileAsked?.();
      return answers.task ?? false;
    },
    confirmOverwrite: async (paths) => {
      asked.conflicts.push([...paths]);
      return answers.overwrite ?? false;
    },
  };
}

function buildSession(rig: CheckpointRig, replies: string[], options: { store?: CheckpointStore; recorder?: CheckpointRecorder; choose?: (question: string, actions: readonly string[]) => Promise<string | undefined>; confirm?: (question: string, action: string) => Promise<boolean> } = {}) {
  const model = new ScriptedChatModel(replies);
  const tools = createWorkspaceTools(rig.workspace, {});
  let nextId = 0;
  const conversations = new ConversationStore(rig.storage, 30, (id) => (options.store ?? rig.store).delete(id));
  const session = new ChatSession({
    runTask: (prompt, taskOptions) => new PTKManager(model, new ToolRegistry(tools)).orchestrateToolCalling(prompt, taskOptions),
    store: conversations,
    checkpoints: options.recorder ?? rig.recorder,
    ...(options.choose ? { choose: options.choose } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
    createId: () => `id${++nextId}`,
    now: () => 1000,
  });
  return { session, model, conversations };
}

async function restore(rig: CheckpointRig, session: ChatSession, itemId: string, answers: Answers, editor = new NodeRestoreEditor(), store = rig.store) {
  const asked = { questions: [] as RestoreQuestion[], conflicts: [] as string[][] };
  const displayPath = (file: string) => path.relative(rig.root, file).split(path.sep).join('/');
  const outcome: RestoreOutcome = await restoreCheckpoint({ session, store, editor, dialogs: dialogs(answers, asked), displayPath, workspace: rig.inner }, itemId);
  return { outcome, asked, editor };
}

const checkpointItems = (items: readonly ChatItem[]) => items.filter((item): item is Extract<ChatItem, { kind: 'checkpoint' }> => item.kind === 'checkpoint');
const lastNotice = (items: readonly ChatItem[]) => [...items].reverse().find((item) => item.kind === 'notice');

describe('Checkpoints in a chat task', () => {
  const rigs: CheckpointRig[] = [];
  after(() => rigs.forEach((rig) => rig.cleanup()));
  const rigWithTask = async (laterReplies: string[] = []) => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL });
    rigs.push(rig);
    const built = buildSession(rig, [...TASK_REPLIES, ...laterReplies]);
    const result = await built.session.send('Change the app');
    assert.equal(result?.success, true, result?.error);
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v3\n');
    return { rig, ...built };
  };
  const turnItem = (session: ChatSession, turn: number) => checkpointItems(session.state.items).find((item) => item.scope === 'turn' && item.turn === turn)!;
  const taskItem = (session: ChatSession) => checkpointItems(session.state.items).find((item) => item.scope === 'task')!;

  it('shows a checkpoint before each turn that changed files, and the task\'s changes at its end', async () => {
    const { session } = await rigWithTask();
    const shape = session.state.items.map((item) => (item.kind === 'checkpoint' ? `${item.scope}:${item.turn ?? ''}:${item.files.join('+')}` : item.kind === 'assistant' ? `assistant:${item.text}` : item.kind));
    assert.deepEqual(shape, [
      'user',
      'turn:1:src/app.txt',
      'assistant:Turn one.',
      'tool',
      'turn:2:notes/new.txt',
      'assistant:Turn two.',
      'tool',
      'turn:3:src/app.txt',
      'assistant:Turn three.',
      'tool',
      'assistant:All done.',
      'task::src/app.txt+notes/new.txt',
    ]);
  });

  it('"Restore checkpoint" on turn 2, keeping the conversation, puts the files exactly as turn 1 left them', async () => {
    const { rig, session } = await rigWithTask();
    const itemsBefore = session.state.items.length;
    const { outcome, asked, editor } = await restore(rig, session, turnItem(session, 2).id, { turn: 'keep' });
    assert.deepEqual(outcome, { status: 'restored', files: ['src/app.txt', 'notes/new.txt'], truncated: false, outside: [] });
    assert.deepEqual(readFileSync(rig.file('src/app.txt')), Buffer.from('app v1\n'));
    assert.equal(existsSync(rig.file('notes/new.txt')), false, 'the file turn 2 created is deleted');
    assert.deepEqual(asked.questions[0]?.files, [
      { path: 'src/app.txt', action: 'restore' },
      { path: 'notes/new.txt', action: 'delete' },
    ]);
    assert.equal(editor.applied.length, 1, 'one edit for all files');
    assert.equal(session.state.items.length, itemsBefore + 1);
    assert.match((lastNotice(session.state.items) as { text: string }).text, /^Restored 2 files to their state before the model's turn 2 of “Change the app”/);
    assert.equal(asked.questions[0]?.what, "the model's turn 2 of “Change the app”");
    assert.equal(asked.questions[0]?.truncates, 'that turn');
  });

  it('"Restore checkpoint" with truncation also cuts the view and the transcript back to that turn; its checkpoints go', async () => {
    const { rig, session, conversations, model } = await rigWithTask(['Continuing.']);
    const item = turnItem(session, 2);
    const { outcome } = await restore(rig, session, item.id, { turn: 'truncate' });
    assert.equal(outcome.status, 'restored');
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v1\n');
    const kinds = session.state.items.map((entry) => entry.kind);
    assert.deepEqual(kinds, ['user', 'checkpoint', 'assistant', 'tool', 'notice']);
    assert.deepEqual(rig.store.load(session.state.conversationId).checkpoints.map((checkpoint) => checkpoint.turn), [1]);
    const saved = conversations.load(session.state.conversationId)!;
    assert.deepEqual(saved.state.items.map((entry) => entry.kind), ['user', 'checkpoint', 'assistant', 'tool']);
    // The transcript ends with turn 1's tool result: turn 2's reply is gone from what the model gets next.
    assert.equal(saved.messages.at(-1)?.role, 'tool');
    assert.match(saved.messages.at(-1)?.content ?? '', /TOOL_RESULT/);
    assert.ok(!saved.messages.some((message) => message.content.includes('Turn two.')));
    const next = await session.send('Go on');
    assert.equal(next?.success, true, next?.error);
    assert.doesNotMatch(model.prompts.at(-1) ?? '', /Turn two\./);
    assert.match(model.prompts.at(-1) ?? '', /Turn one\./);
  });

  it('the first checkpoint after a message is named by the message; truncating removes the message too and gives its text back to the composer', async () => {
    const second = 'Write hello to notes/hello.txt';
    const { rig, session, conversations, model } = await rigWithTask([`Writing it.\n${call('write_file', { path: 'notes/hello.txt', content: 'hello\n' })}`, 'Written.', 'Again.']);
    const firstTaskItems = session.state.items.map((item) => item.id);
    const result = await session.send(second);
    assert.equal(result?.success, true, result?.error);
    assert.equal(existsSync(rig.file('notes/hello.txt')), true);
    const returned: string[] = [];
    session.onMessageReturned((text) => returned.push(text));
    // The second message's first checkpoint: the model's turn 1 of its task, the second message of the conversation.
    const item = checkpointItems(session.state.items).filter((entry) => entry.scope === 'turn').at(-1)!;
    const { outcome, asked } = await restore(rig, session, item.id, { turn: 'truncate' });
    assert.equal(outcome.status, 'restored');
    assert.equal(asked.questions[0]?.what, `“${second}”`);
    assert.equal(asked.questions[0]?.truncates, 'that message');
    assert.equal(existsSync(rig.file('notes/hello.txt')), false, 'the file the message had written is gone');
    assert.deepEqual(session.state.items.slice(0, -1).map((entry) => entry.id), firstTaskItems, 'the conversation is back to just before the message');
    assert.match((lastNotice(session.state.items) as { text: string }).text, /before “Write hello to notes\/hello\.txt”: notes\/hello\.txt\. The conversation went back to before that message/);
    assert.deepEqual(returned, [second], 'its text goes back to the composer');
    const saved = conversations.load(session.state.conversationId)!;
    assert.ok(!saved.messages.some((message) => message.content.includes(second)), 'the model no longer gets it');
    assert.ok(!saved.state.items.some((entry) => entry.kind === 'user' && entry.text === second));
    // Retry on the answer now last sends the message before the removed one.
    await session.retry();
    assert.match(model.prompts.at(-1) ?? '', /Change the app/);
    assert.doesNotMatch(model.prompts.at(-1) ?? '', /Write hello/);
  });

  it('"Undo all changes of this task" puts back the original; then there is nothing left to undo', async () => {
    const { rig, session } = await rigWithTask();
    const { outcome, asked } = await restore(rig, session, taskItem(session).id, { task: true });
    assert.equal(outcome.status, 'restored');
    assert.equal(asked.questions[0]?.scope, 'task');
    assert.deepEqual(readFileSync(rig.file('src/app.txt')), Buffer.from(ORIGINAL));
    assert.equal(existsSync(rig.file('notes/new.txt')), false);
    // The task's item says so, in the conversation's state (saved with it): its undo is done.
    assert.deepEqual(taskItem(session).undone, ['src/app.txt', 'notes/new.txt']);
    assert.equal(session.state.items.filter((item) => item.kind === 'notice' && /Restored/.test(item.text)).length, 0, "the task's line alone tells the undo: no notice repeats it");
    const again = await restore(rig, session, taskItem(session).id, { task: true });
    assert.equal(again.outcome.status, 'nothing');
    assert.equal(again.asked.questions.length, 0);
  });

  it('an undo after a turn\'s restore names every file now as before the task, also those the restore put back', async () => {
    const { rig, session } = await rigWithTask();
    await restore(rig, session, turnItem(session, 2).id, { turn: 'keep' });
    const { outcome } = await restore(rig, session, taskItem(session).id, { task: true });
    assert.equal(outcome.status, 'restored');
    assert.deepEqual(taskItem(session).undone, ['src/app.txt', 'notes/new.txt']);
  });

  it('a restore is refused when a file changed outside the task since, unless the user confirms', async () => {
    const { rig, session } = await rigWithTask();
    writeFileSync(rig.file('src/app.txt'), 'edited by the user\n');
    const refused = await restore(rig, session, turnItem(session, 2).id, { turn: 'keep', overwrite: false });
    assert.deepEqual(refused.outcome, { status: 'refused', conflicts: ['src/app.txt'] });
    assert.equal(refused.editor.applied.length, 0);
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'edited by the user\n');
    assert.equal(existsSync(rig.file('notes/new.txt')), true, 'nothing at all was restored');
    assert.match((lastNotice(session.state.items) as { text: string }).text, /^Restore refused: src\/app\.txt changed since a task last wrote it/);

    const editor = new NodeRestoreEditor();
    editor.unsavedEdits.add(rig.file('notes/new.txt'));
    const confirmed = await restore(rig, session, turnItem(session, 2).id, { turn: 'keep', overwrite: true }, editor);
    assert.deepEqual(confirmed.asked.conflicts, [['src/app.txt', 'notes/new.txt']], 'the outside edit and the unsaved editor both count');
    assert.equal(confirmed.outcome.status, 'restored');
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v1\n');
  });

  it('no restore while a task runs', async () => {
    const { rig, session } = await rigWithTask();
    const busySession = { busy: true, state: session.state, notice: (text: string) => session.notice(text), record: session.record.bind(session), truncateFrom: session.truncateFrom.bind(session) };
    const asked = { questions: [] as RestoreQuestion[], conflicts: [] as string[][] };
    const outcome = await restoreCheckpoint({ session: busySession, store: rig.store, editor: new NodeRestoreEditor(), dialogs: dialogs({ turn: 'keep' }, asked), displayPath: (file) => file, workspace: rig.inner }, turnItem(session, 2).id);
    assert.equal(outcome.status, 'busy');
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v3\n');
  });
});

describe('Editing a message whose later turns changed files: "Restore files and resend"', () => {
  const rigs: CheckpointRig[] = [];
  after(() => rigs.forEach((rig) => rig.cleanup()));

  /** "Say hi" (no files), then the task that changes files; the choose answers from `answers` in turn. */
  const rigWithEdit = async (...answers: (string | undefined)[]) => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL });
    rigs.push(rig);
    const questions: string[] = [];
    const choose = async (question: string, actions: readonly string[]) => (questions.push(`${question} [${actions.join(' | ')}]`), answers.shift());
    const built = buildSession(rig, ['Hi.', ...TASK_REPLIES, 'Hi again.'], { choose });
    await built.session.send('Say hi');
    const result = await built.session.send('Change the app');
    assert.equal(result?.success, true, result?.error);
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v3\n');
    const edited = built.session.state.items.find((item) => item.kind === 'user' && item.text === 'Say hi')!;
    return { rig, questions, edited, ...built };
  };
  const restoreFor = (rig: CheckpointRig, session: ChatSession, itemId: string) =>
    restoreBeforeResend({ session, store: rig.store, editor: new NodeRestoreEditor(), dialogs: dialogs({}, { questions: [], conflicts: [] }), displayPath: (file) => path.relative(rig.root, file).split(path.sep).join('/'), workspace: rig.inner }, itemId);

  it('offers three answers: Cancel keeps everything, Resend keeps the files, "Restore files and resend" restores them', async () => {
    const { questions, session, edited } = await rigWithEdit(undefined, RESEND, RESTORE_AND_RESEND);
    assert.equal(await session.confirmReplace(edited.id), undefined, 'Cancel');
    assert.deepEqual(questions, [
      `Resend your edit of the message “Say hi”? The later turn is removed from this conversation. Files changed since that message can go back to how they were before it, or stay as they are. [${RESEND} | ${RESTORE_AND_RESEND}]`,
    ]);
    assert.equal(await session.confirmReplace(edited.id), 'resend');
    assert.equal(await session.confirmReplace(edited.id), 'restoreAndResend');
  });

  it('Resend sends the edit and leaves the files as the later turns left them', async () => {
    const { rig, session, edited } = await rigWithEdit(RESEND);
    assert.equal(await session.confirmReplace(edited.id), 'resend');
    await session.send('Say hi, edited', { replaceFrom: edited.id });
    assert.deepEqual(session.state.items.filter((item) => item.kind === 'user').map((item) => (item.kind === 'user' ? item.text : '')), ['Say hi, edited']);
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v3\n', 'nothing restored');
    assert.equal(existsSync(rig.file('notes/new.txt')), true);
  });

  it('"Restore files and resend" puts the files as they were before the edited message (the first checkpoint after it), then the edit goes', async () => {
    const { rig, session, edited } = await rigWithEdit(RESTORE_AND_RESEND);
    assert.equal(await session.confirmReplace(edited.id), 'restoreAndResend');
    const firstAfter = checkpointItems(session.state.items).find((item) => item.scope === 'turn')!;
    assert.equal(firstAfter.turn, 1);
    assert.equal(checkpointBeforeEdit(session.state, edited.id), firstAfter.id, "the later task's first turn checkpoint: the files before the edited message");
    const itemsBefore = session.state.items.length;
    const restored = await restoreFor(rig, session, edited.id);
    assert.equal(restored.outcome.status, 'restored');
    assert.equal(restored.resend, true);
    assert.deepEqual(readFileSync(rig.file('src/app.txt')), Buffer.from(ORIGINAL));
    assert.equal(existsSync(rig.file('notes/new.txt')), false, 'the file a later turn created is gone');
    assert.equal(session.state.items.length, itemsBefore, 'the conversation is left to the resend');
    assert.match(restored.notices.join(' '), /^Restored 2 files to their state before “Change the app”: src\/app\.txt, notes\/new\.txt\.$/);
    assert.deepEqual(rig.store.load(session.state.conversationId).checkpoints, [], 'the removed turns\' checkpoints go with them');
    await session.send('Say hi, edited', { replaceFrom: edited.id });
    assert.deepEqual(session.state.items.filter((item) => item.kind === 'user').map((item) => (item.kind === 'user' ? item.text : '')), ['Say hi, edited']);
  });

  it('after an edit is resent, a restore lists only what the conversation as it now stands changed (the removed turns\' checkpoints are gone)', async () => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL });
    rigs.push(rig);
    const replies = [`A.\n${call('write_file', { path: 'src/app.txt', content: 'app v1\n' })}`, 'A done.', `B.\n${call('write_file', { path: 'notes/b.txt', content: 'b\n' })}`, 'B done.', 'Fine.', 'Fine again.'];
    const { session } = buildSession(rig, replies);
    await session.send('Change the app');
    await session.send('Write b');
    assert.equal(existsSync(rig.file('notes/b.txt')), true);
    const turnA = checkpointItems(session.state.items).find((item) => item.scope === 'turn')!;
    const edited = session.state.items.find((item) => item.kind === 'user' && item.text === 'Write b')!;
    const listed = async () => {
      const { outcome, asked } = await restore(rig, session, turnA.id, {});
      assert.equal(outcome.status, 'cancelled');
      return asked.questions[0]?.files.map((file) => file.path);
    };
    assert.deepEqual(await listed(), ['src/app.txt', 'notes/b.txt'], 'both tasks changed files');
    // Resend (the files stay): "Write b" and its turn leave the conversation, and their checkpoint the log.
    await forgetRemovedCheckpoints(session, rig.store, edited.id);
    await session.send('Say fine', { replaceFrom: edited.id });
    assert.equal(readFileSync(rig.file('notes/b.txt'), 'utf8'), 'b\n', 'Resend kept the file');
    assert.deepEqual(await listed(), ['src/app.txt'], 'the file only the removed turn changed is not offered');
    assert.deepEqual(rig.store.load(session.state.conversationId).checkpoints.map((checkpoint) => checkpoint.id), [turnA.checkpointId]);
    // Nothing is forgotten while a task runs (that resend is refused), nor for a message with no checkpoint after it.
    await forgetRemovedCheckpoints({ busy: true, state: session.state }, rig.store, session.state.items[0]!.id);
    await forgetRemovedCheckpoints(session, rig.store, session.state.items.filter((item) => item.kind === 'user').at(-1)!.id);
    assert.equal(rig.store.load(session.state.conversationId).checkpoints.length, 1);
  });

  it('a refused restore (a file changed outside the tasks) sends nothing and says why', async () => {
    const { rig, session, edited } = await rigWithEdit();
    writeFileSync(rig.file('src/app.txt'), 'edited by the user\n');
    const restored = await restoreFor(rig, session, edited.id);
    assert.deepEqual(restored.outcome, { status: 'refused', conflicts: ['src/app.txt'] });
    assert.equal(restored.resend, false);
    assert.match((lastNotice(session.state.items) as { text: string }).text, /^Restore refused: src\/app\.txt changed/);
  });

  it('when no turn since the message changed files, the question stays the two-answer one', async () => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL });
    rigs.push(rig);
    const asked: string[] = [];
    const { session } = buildSession(rig, ['Hi.', 'More.'], { choose: async () => assert.fail('no third answer to offer'), confirm: async (question, action) => (asked.push(`${question} [${action}]`), true) });
    await session.send('Say hi');
    await session.send('Say more');
    const edited = session.state.items.find((item) => item.kind === 'user')!;
    assert.equal(checkpointBeforeEdit(session.state, edited.id), undefined);
    assert.equal(await session.confirmReplace(edited.id), 'resend');
    assert.deepEqual(asked, ['Resend your edit of the message “Say hi”? The later turn is removed from this conversation. Files they changed stay as they are: restore a checkpoint first to undo them. [Resend]']);
  });
});

describe('A restore after a folder became a symbolic link to outside the workspace', () => {
  const folders: string[] = [];
  after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  /** The task rewrites cfg/app.txt and src/main.txt, and creates cfg/new.txt. */
  const replies = [
    `One.\n${call('write_file', { path: 'cfg/app.txt', content: 'app v1\n' })}`,
    `Two.\n${call('write_file', { path: 'src/main.txt', content: 'main v1\n' })}`,
    `Three.\n${call('write_file', { path: 'cfg/new.txt', content: 'new\n' })}`,
    'Done.',
  ];

  async function taskThenOutsideFolder() {
    const rig = makeRig({ 'cfg/app.txt': 'app v0\n', 'src/main.txt': 'main v0\n' });
    folders.push(rig.root, rig.blobRoot);
    const { session } = buildSession(rig, replies);
    const result = await session.send('Change the config');
    assert.equal(result?.success, true, result?.error);
    assert.equal(readFileSync(rig.file('cfg/new.txt'), 'utf8'), 'new\n');
    const outside = mkdtempSync(path.join(tmpdir(), 'ptk-outside-'));
    folders.push(outside);
    writeFileSync(path.join(outside, 'app.txt'), 'outside app\n');
    writeFileSync(path.join(outside, 'new.txt'), 'outside new\n');
    /** cfg/ becomes a symbolic link to the outside folder. */
    const swap = () => {
      rmSync(rig.file('cfg'), { recursive: true, force: true });
      symlinkSync(outside, rig.file('cfg'), 'dir');
    };
    const taskItem = checkpointItems(session.state.items).find((item) => item.scope === 'task')!;
    return { rig, session, outside, swap, taskItem };
  }

  function assertOutsideUntouched(outside: string, rig: CheckpointRig, session: ChatSession, outcome: RestoreOutcome) {
    assert.deepEqual(outcome, { status: 'restored', files: ['src/main.txt'], truncated: false, outside: ['cfg/app.txt', 'cfg/new.txt'] });
    assert.equal(readFileSync(path.join(outside, 'app.txt'), 'utf8'), 'outside app\n', 'the outside file is not overwritten');
    assert.equal(readFileSync(path.join(outside, 'new.txt'), 'utf8'), 'outside new\n', 'the outside file is not deleted');
    assert.equal(readFileSync(rig.file('src/main.txt'), 'utf8'), 'main v0\n', 'the other files are restored');
    assert.match((lastNotice(session.state.items) as { text: string }).text, /Restored 1 file .*src\/main\.txt\. Not restored, they now lead outside the workspace .*cfg\/app\.txt, cfg\/new\.txt/);
  }

  it('"Undo all changes of this task" after the swap refuses the files that now lie outside, restores the others and says so', async () => {
    const { rig, session, outside, swap, taskItem } = await taskThenOutsideFolder();
    swap();
    const { outcome, asked } = await restore(rig, session, taskItem.id, { task: true, overwrite: true });
    assert.deepEqual(asked.questions[0]!.files.map((file) => file.path), ['src/main.txt'], 'the question offers only what can be restored');
    assertOutsideUntouched(outside, rig, session, outcome);
    const undone = checkpointItems(session.state.items).find((item) => item.id === taskItem.id)!.undone;
    assert.deepEqual(undone, ['src/main.txt'], 'the task\'s line names only what is back, not the files left outside');
  });

  it('a swap while the question is open is caught at the moment of writing', async () => {
    const { rig, session, outside, swap, taskItem } = await taskThenOutsideFolder();
    const { outcome, asked } = await restore(rig, session, taskItem.id, { task: true, overwrite: true, whileAsked: swap });
    assert.deepEqual(asked.questions[0]!.files.map((file) => file.path).sort(), ['cfg/app.txt', 'cfg/new.txt', 'src/main.txt']);
    assertOutsideUntouched(outside, rig, session, outcome);
  });
});

describe('Checkpoints across a window reload, and pruning', () => {
  const rigs: CheckpointRig[] = [];
  after(() => rigs.forEach((rig) => rig.cleanup()));

  it('survive a reload: a new session, store and recorder on the same storage restore them (large contents from the storage folder)', async () => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL }, { storageLimits: { inlineBlobMaxBytes: 4 } });
    rigs.push(rig);
    const first = buildSession(rig, [...TASK_REPLIES]);
    await first.session.send('Change the app');
    assert.ok(readdirSync(rig.blobRoot).length > 0, 'contents over the inline limit went to the storage folder');

    // The window reloads: everything is built again over the same workspaceState and folder.
    const store = new CheckpointStore(rig.storage, new FileBlobFolder(rig.blobRoot), { inlineBlobMaxBytes: 4 });
    const recorder = new CheckpointRecorder({ workspace: rig.inner, store });
    const reloaded = buildSession(rig, [], { store, recorder });
    const item = checkpointItems(reloaded.session.state.items).find((entry) => entry.scope === 'turn' && entry.turn === 2)!;
    const { outcome } = await restore(rig, reloaded.session, item.id, { turn: 'keep' }, new NodeRestoreEditor(), store);
    assert.equal(outcome.status, 'restored');
    assert.equal(readFileSync(rig.file('src/app.txt'), 'utf8'), 'app v1\n');
    assert.equal(readIfExists(rig.file('notes/new.txt')), undefined);
  });

  it('a task\'s undone changes stay undone after a reload: the line says so and no second undo is offered', async () => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL });
    rigs.push(rig);
    const first = buildSession(rig, [...TASK_REPLIES]);
    await first.session.send('Change the app');
    const task = checkpointItems(first.session.state.items).find((entry) => entry.scope === 'task')!;
    assert.equal((await restore(rig, first.session, task.id, { task: true })).outcome.status, 'restored');
    await first.session.whenIdle();

    const reloaded = buildSession(rig, []);
    const item = checkpointItems(reloaded.session.state.items).find((entry) => entry.scope === 'task')!;
    assert.deepEqual(item.undone, ['src/app.txt', 'notes/new.txt']);
  });

  it('are deleted with their conversation, and bounded: past the limit the oldest checkpoints and their contents go', async () => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL }, { storageLimits: { inlineBlobMaxBytes: 4, maxCheckpoints: 2 } });
    rigs.push(rig);
    const { session, conversations } = buildSession(rig, [...TASK_REPLIES]);
    await session.send('Change the app');
    const conversationId = session.state.conversationId;
    const log = rig.store.load(conversationId);
    assert.deepEqual(log.checkpoints.map((checkpoint) => checkpoint.turn), [2, 3], 'the oldest of three went');
    const originalHash = fingerprintOf(new TextEncoder().encode(ORIGINAL)).sha256;
    assert.equal(log.blobs[originalHash], undefined, "the dropped checkpoint's content went with it");
    assert.equal(existsSync(path.join(rig.blobRoot, conversationId, originalHash)), false);
    assert.ok(Object.keys(log.blobs).every((hash) => existsSync(path.join(rig.blobRoot, conversationId, hash))), 'the contents still needed stay');
    const oldest = checkpointItems(session.state.items).find((entry) => entry.turn === 1)!;
    const { outcome } = await restore(rig, session, oldest.id, { turn: 'keep' });
    assert.equal(outcome.status, 'unavailable');
    assert.match((lastNotice(session.state.items) as { text: string }).text, /no longer kept/);

    assert.ok(rig.storage.values.has(`ptk.checkpoints.${conversationId}`));
    await conversations.delete(conversationId);
    assert.equal(rig.storage.values.has(`ptk.checkpoints.${conversationId}`), false);
    assert.deepEqual(readdirSync(rig.blobRoot), []);
  });

  it('go when their conversation is dropped past the conversation limit', async () => {
    const rig = makeRig({ 'src/app.txt': ORIGINAL });
    rigs.push(rig);
    const { session } = buildSession(rig, [...TASK_REPLIES]);
    await session.send('Change the app');
    const conversationId = session.state.conversationId;
    const conversations = new ConversationStore(rig.storage, 1, (id) => rig.store.delete(id));
    await conversations.save({ state: { conversationId: 'newer', title: 'Newer', items: [], busy: false, pendingApprovals: [] }, messages: [], updatedAt: 2000 });
    assert.equal(conversations.load(conversationId), undefined);
    assert.equal(rig.storage.values.has(`ptk.checkpoints.${conversationId}`), false);
  });
});
