/** VS Code's language-model tools (MCP servers' included) offered to PTK tasks. */
export * from './externalTool';
export * from './externalToolApprovals';
export * from './externalToolResult';
export * from './externalToolsSetting';
