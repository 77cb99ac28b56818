/** VS Code's language-model tools (MCP servers' included) offered to PTK tasks. */
export { createExternalTool } from './externalTool';
export { ExternalToolApprovals, type ApprovalRequester } from './externalToolApprovals';
export { externalResultText, type ExternalToolResultPart } from './externalToolResult';
export { ExternalToolsSettingSchema, selectExternalTools, type ExternalToolDescriptor } from './externalToolsSetting';
