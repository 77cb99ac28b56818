/**
 * How much one chat on each site may hold before PTK compacts it, in characters (about four
 * per token). The sites publish their limits in tokens, per plan; the figures below take the
 * plan a PTK user most likely has, and `ptk.chatLimitChars` replaces them. Pure.
 *
 * Sources (read 2026-11-27):
 * - ChatGPT: 32K tokens for the Instant model on Plus and Business (OpenAI's ChatGPT help
 *   article as quoted by chatai.guide/limits/chatgpt-context-window, May 2026; Free 16K, Pro 128K).
 * - Claude: 200K tokens on paid plans (support.claude.com/en/articles/8606394).
 * - Gemini: 32K tokens on the free tier (the Gemini Apps plan limits as quoted by
 *   digest.allm.link, May 2025; Google AI Pro 1M).
 * - AI Studio: the Gemini models' 1M-token window.
 * - DeepSeek: 128K tokens (DeepSeek V3 / R1).
 * - Open WebUI and custom sites: unknown (the model behind them is the user's): 32K tokens.
 * - Grok, Le Chat, Qwen Chat, Kimi, Z.ai, Microsoft Copilot, HuggingChat, Perplexity: no limit per
 *   chat found published for the web chats: 32K tokens, the smallest of the figures above.
 */
import type { ExtensionSettings, SiteId } from './settings';

export const SITE_CHAT_LIMITS: Readonly<Record<SiteId, number>> = {
  chatgpt: 128_000,
  claude: 800_000,
  gemini: 128_000,
  aistudio: 4_000_000,
  deepseek: 512_000,
  openwebui: 128_000,
  grok: 128_000,
  mistral: 128_000,
  qwen: 128_000,
  kimi: 128_000,
  zai: 128_000,
  copilot: 128_000,
  huggingchat: 128_000,
  perplexity: 128_000,
  custom: 128_000,
  auto: 128_000,
};

/** The chat limit for `site`: `ptk.chatLimitChars` when set, else the site's own estimate. */
export function chatLimitChars(settings: Pick<ExtensionSettings, 'chatLimitChars'>, site: SiteId): number {
  return settings.chatLimitChars > 0 ? settings.chatLimitChars : SITE_CHAT_LIMITS[site];
}
