/** The id of every command PTK registers, as contributed in package.json. */
export const COMMANDS = {
  openChat: 'ptk.openChat',
  ask: 'ptk.ask',
  explainSelection: 'ptk.explainSelection',
  fixFile: 'ptk.fixFile',
  newConversation: 'ptk.newConversation',
  compactConversation: 'ptk.compactConversation',
  stop: 'ptk.stop',
  connect: 'ptk.connect',
  showLog: 'ptk.showLog',
  runTaskFile: 'ptk.runTaskFile',
  diagnoseSite: 'ptk.diagnoseSite',
  /** The chat view's menu: Diagnose Site on the shown conversation's site, without asking. */
  diagnoseConversationSite: 'ptk.diagnoseConversationSite',
  chooseModel: 'ptk.chooseModel',
  chooseConversationSite: 'ptk.chooseConversationSite',
  /** The command the lightbulb's code actions run (codeActions.ts), with { prompt, displayText?, mode? }. */
  runCodeAction: 'ptk.runCodeAction',
  addSelectionToChat: 'ptk.addSelectionToChat',
  addFileToChat: 'ptk.addFileToChat',
  exportLearnedSite: 'ptk.exportLearnedSite',
  forgetLearnedSite: 'ptk.forgetLearnedSite',
} as const;
