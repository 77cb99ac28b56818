import type { PTKTool } from '../types';

/**
 * True when `registered` (what the tool manager holds under that name) is `tool` or runs the
 * same handler: the loop then executes through the tool manager, so its middleware
 * (approval, logging) applies even when the caller passed the tool object itself.
 */
export function isSameTool(registered: PTKTool | undefined, tool: PTKTool): boolean {
  return registered !== undefined && (registered === tool || registered.handler === tool.handler);
}
