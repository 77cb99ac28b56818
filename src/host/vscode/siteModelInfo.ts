/**
 * The language model PTK offers VS Code for the configured chat site: its id, its name in model
 * pickers ("ChatGPT (web, via PTK)"), and its input limit, derived from the site's prompt limit
 * with the provider's token estimate (about four characters per token). Pure.
 */
import { tokensForCharacters } from '../../core/modelProvider/tokenEstimate';
import type { SiteId } from '../../ui/settings';

/**
 * The longest prompt each site's chat box takes, in characters: the adapters' `maxPromptChars`
 * (src/browser/adapters), repeated here so activation does not load the browser backend; a unit
 * test keeps the two equal.
 */
export const SITE_PROMPT_LIMITS: Readonly<Record<SiteId, number>> = {
  chatgpt: 200_000,
  claude: 180_000,
  gemini: 120_000,
  aistudio: 1_000_000,
  deepseek: 120_000,
  openwebui: 200_000,
  grok: 100_000,
  mistral: 100_000,
  qwen: 100_000,
  kimi: 100_000,
  zai: 100_000,
  copilot: 100_000,
  huggingchat: 100_000,
  perplexity: 100_000,
  custom: 100_000,
  auto: 100_000,
};

/** The site's name in model pickers. */
const SITE_MODEL_NAMES: Readonly<Record<SiteId, string>> = {
  chatgpt: 'ChatGPT',
  claude: 'Claude',
  gemini: 'Gemini',
  aistudio: 'Google AI Studio',
  deepseek: 'DeepSeek',
  openwebui: 'Open WebUI',
  grok: 'Grok',
  mistral: 'Mistral Le Chat',
  qwen: 'Qwen Chat',
  kimi: 'Kimi',
  zai: 'Z.ai',
  copilot: 'Microsoft Copilot',
  huggingchat: 'HuggingChat',
  perplexity: 'Perplexity',
  custom: 'Custom site',
  auto: 'Chat page',
};

/**
 * Output limit reported to VS Code. A web chat does not say how long its answers may be; this is
 * a nominal figure (long answers are read whole, however long).
 */
const WEB_MODEL_MAX_OUTPUT_TOKENS = 32_768;

/** The vendor id of PTK's models (package.json `languageModelChatProviders`). */
export const PTK_MODEL_VENDOR = 'ptk';

export interface SiteModelInfo {
  id: string;
  /** The site the model stands for. */
  site: SiteId;
  name: string;
  family: string;
  version: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  tooltip: string;
  detail: string;
}

export function siteModelInfo(site: SiteId, version: string): SiteModelInfo {
  const name = SITE_MODEL_NAMES[site];
  return {
    id: `ptk-${site}`,
    site,
    name: `${name} (web, via PTK)`,
    family: `ptk-${site}`,
    version,
    maxInputTokens: tokensForCharacters(SITE_PROMPT_LIMITS[site]),
    maxOutputTokens: WEB_MODEL_MAX_OUTPUT_TOKENS,
    tooltip: `The ${name} chat tab PTK Assistant drives in its browser. Tools are called through the PTK text protocol.`,
    detail: 'web chat',
  };
}
