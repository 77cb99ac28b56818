/**
 * Model choice in real Chromium against each site's replica picker: a model the picker offers
 * is chosen before the message is typed and verified on the page (the replica's current-model
 * evidence changed, and the server saw the submission go out with it); a model the picker does
 * not offer, or a name that matches two of its choices, fails with MODEL_NOT_AVAILABLE naming
 * what it offers and sends nothing; DeepSeek's DeepThink / Search switches; AI Studio's
 * temperature; a temperature elsewhere is noted as ignored; a site without a known picker refuses
 * a model; PTKManager and the CLI's --model pass the model through.
 * Run: node --import tsx --test test/browser/modelChoice.test.ts
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../../src/core/errors';
import { PTKManager } from '../../src/core/loop/ptkManager';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import { main } from '../../src/host/node/cli';
import { chromiumPath, sharedTestBrowser, withSite } from './harness';
import { startReplicaServer } from './replicas/server';
import { replicaSites, type ReplicaSiteEntry } from './replicas/sites';

const browser = sharedTestBrowser();

function entryOf(replica: string): ReplicaSiteEntry {
  const entry = replicaSites.find((candidate) => candidate.replica === replica);
  if (!entry) throw new Error(`no replica entry ${replica}`);
  return entry;
}

/** MODEL_NOT_AVAILABLE whose message matches `pattern`. */
function modelNotAvailable(pattern: RegExp): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof LLMBackendError, `an LLMBackendError, got ${String(error)}`);
    assert.equal(error.code, PTKErrorCode.MODEL_NOT_AVAILABLE, error.message);
    assert.match(error.message, pattern);
    return true;
  };
}

/** The text of the first element matching `selector`, or its aria-label. */
async function shown(page: Page, selector: string, attribute?: string): Promise<string> {
  const locator = page.locator(selector).first();
  return ((attribute ? await locator.getAttribute(attribute) : await locator.textContent()) ?? '').trim();
}

describe('model choice: ChatGPT', () => {
  const entry = entryOf('chatgpt');

  it('lists the efforts (as levels) and the models of the submenu (as models), the current ones marked', async () => {
    await withSite(browser(), entry, {}, async ({ model }) => {
      const offered = await model.listModels();
      assert.deepEqual(
        offered.models.map((option) => option.name),
        ['Instant', 'Medium', 'High', 'GPT-5.6 Sol', 'GPT-5.5', 'GPT-5.4', 'GPT-5.3', 'o3'],
      );
      assert.deepEqual(
        offered.models.filter((option) => option.current).map((option) => option.name),
        ['High', 'GPT-5.6 Sol'],
      );
      assert.deepEqual(
        offered.models.map((option) => [option.name, option.group]),
        [
          ['Instant', 'level'],
          ['Medium', 'level'],
          ['High', 'level'],
          ['GPT-5.6 Sol', 'model'],
          ['GPT-5.5', 'model'],
          ['GPT-5.4', 'model'],
          ['GPT-5.3', 'model'],
          ['o3', 'model'],
        ],
        'the efforts of the first menu are levels, the submenu radios models',
      );
      const page = await model.page();
      assert.equal(await page.locator('[role="menu"]').count(), 0, 'the picker is closed again');
    });
  });

  it('switches to an offered model (and effort) before sending, verified on the page', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'answered', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('hello', { model: 'gpt-5.5 + Medium' }), 'answered');
      const page = await model.page();
      assert.equal(await shown(page, 'button[data-testid="model-switcher-dropdown-button"]', 'aria-label'), 'Model selector, current model is GPT-5.5');
      assert.equal(await shown(page, 'button.__composer-pill'), 'Medium');
      assert.equal(server.submissions.length, 1);
      assert.equal(server.submissions[0]!.model, 'GPT-5.5 · Medium', 'the message went out after the switch');
    });
  });

  it('a model the picker does not offer: MODEL_NOT_AVAILABLE naming the offered ones, nothing sent', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(model.call('hello', { model: 'GPT-4o' }), modelNotAvailable(/no model or mode named "GPT-4o".*offers: Instant, Medium, High, GPT-5\.6 Sol, GPT-5\.5, GPT-5\.4, GPT-5\.3, o3/));
      assert.equal(server.submissions.length, 0);
      const page = await model.page();
      assert.equal(await shown(page, 'button[data-testid="model-switcher-dropdown-button"]', 'aria-label'), 'Model selector, current model is GPT-5.6 Sol', 'nothing changed');
    });
  });

  it('an ambiguous name is refused, never guessed', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(model.call('hello', { model: 'gpt' }), modelNotAvailable(/"gpt" matches several choices \(GPT-5\.6 Sol, GPT-5\.5, GPT-5\.4, GPT-5\.3\)/));
      assert.equal(server.submissions.length, 0);
    });
  });

  it('a temperature is noted as ignored (no temperature setting), not an error', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'fine', tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('hello', { temperature: 0.2 }), 'fine');
      assert.ok(model.log.entries[0]!.warnings?.some((warning) => /temperature 0\.2 ignored: ChatGPT has no temperature setting/.test(warning)));
    });
  });
});

describe('model choice: Gemini', () => {
  const entry = entryOf('gemini');

  it('lists the modes by their labels, with the mode ids as second names', async () => {
    await withSite(browser(), entry, {}, async ({ model }) => {
      const offered = await model.listModels();
      assert.deepEqual(
        offered.models.map((option) => [option.name, option.aliases, option.current]),
        [
          ['3.1 Flash-Lite', ['flash-lite'], false],
          ['3.5 Flash', ['flash'], true],
          ['3.1 Pro', ['pro'], false],
        ],
      );
      assert.ok(offered.models.every((option) => option.group === 'model'), 'a picker without levels offers models only');
    });
  });

  it('switches the mode before sending: the trigger then reads "currently Pro"', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'pro answer', tokenMs: 2 }, { reply: 'again', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('hi', { model: 'Pro' }), 'pro answer');
      const page = await model.page();
      assert.equal(await shown(page, 'button[data-test-id="bard-mode-menu-button"]', 'aria-label'), 'Open mode picker, currently Pro');
      assert.equal(server.submissions[0]!.model, '3.1 Pro');
      // The same request again: the picker is not touched (the menu never opens).
      await page.evaluate(() => {
        (window as unknown as { pickerOpened: number }).pickerOpened = 0;
        document.querySelector('button[data-test-id="bard-mode-menu-button"]')!.addEventListener('click', () => (window as unknown as { pickerOpened: number }).pickerOpened++);
      });
      assert.equal(await model.call('again', { model: 'Pro', thread: { newThread: false, fullTranscript: () => '' } }), 'again');
      assert.equal(await page.evaluate(() => (window as unknown as { pickerOpened: number }).pickerOpened), 0);
    });
  });

  it('"Flash" is the 3.5 Flash mode by its id, never Flash-Lite; the short label verifies it', async () => {
    await withSite(browser(), entry, { scenario: { guest: true, loggedIn: false, turns: [{ reply: 'flash', tokenMs: 2 }] } }, async ({ model, server }) => {
      await model.connect();
      const page = await model.page();
      assert.equal(await shown(page, 'button[data-test-id="bard-mode-menu-button"]'), 'Flash-Lite', 'a guest starts on Flash-Lite');
      assert.equal(await model.call('hi', { model: 'flash' }), 'flash');
      assert.equal(await shown(page, 'button[data-test-id="bard-mode-menu-button"]'), 'Flash');
      assert.equal(server.submissions[0]!.model, '3.5 Flash');
    });
  });

  it('a mode the picker does not offer: MODEL_NOT_AVAILABLE naming the offered ones', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(model.call('hi', { model: 'Ultra' }), modelNotAvailable(/offers: 3\.1 Flash-Lite, 3\.5 Flash, 3\.1 Pro\./));
      assert.equal(server.submissions.length, 0);
    });
  });
});

describe('model choice: Google AI Studio', () => {
  const entry = entryOf('aistudio');

  it('lists every model after choosing the "All" category, ids as second names, and the temperature', async () => {
    await withSite(browser(), entry, {}, async ({ model }) => {
      const offered = await model.listModels();
      assert.deepEqual(
        offered.models.map((option) => option.name),
        ['Gemini 3.1 Pro Preview', 'Gemini 3 Flash Preview', 'Gemini 3.5 Flash Lite', 'Gemini Pro Latest', 'Gemini Flash Latest', 'Gemini Flash-Lite Latest', 'Nano Banana 2 Lite'],
      );
      assert.deepEqual(offered.models[0]!.aliases, ['gemini-3.1-pro-preview']);
      assert.deepEqual(offered.models.filter((option) => option.current).map((option) => option.name), ['Gemini 3.1 Pro Preview']);
      assert.equal(offered.temperature, 1);
      assert.equal(await (await model.page()).locator('mat-dialog-container').count(), 0, 'the dialog is closed again');
    });
  });

  it('sets a model by its id and the temperature before running; both verified on the page', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'studio', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('hi', { model: 'gemini-flash-latest', temperature: 0.35 }), 'studio');
      const page = await model.page();
      assert.equal(await shown(page, 'button.model-selector-card .title'), 'Gemini Flash Latest');
      assert.equal(await shown(page, '[data-test-id="model-name"]'), 'gemini-flash-latest');
      assert.equal(await page.locator('[data-test-id="temperatureSliderContainer"] input[type="number"]').inputValue(), '0.35');
      assert.equal(server.submissions[0]!.model, 'Gemini Flash Latest · temperature 0.35');
      assert.equal(model.log.entries[0]!.warnings, undefined, 'no note: the temperature was applied');
    });
  });

  it('a temperature outside the input\'s range is refused before anything is sent', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(model.call('hi', { temperature: 3 }), (error: unknown) => error instanceof LLMBackendError && error.code === PTKErrorCode.CONFIG_INVALID && /0–2/.test(error.message));
      assert.equal(server.submissions.length, 0);
    });
  });

  it('"Flash" matches several models (by name or id): refused, naming them', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(
        model.call('hi', { model: 'Flash' }),
        modelNotAvailable(/"Flash" matches several choices \(Gemini 3 Flash Preview, Gemini 3\.5 Flash Lite, Gemini Flash Latest, Gemini Flash-Lite Latest, Nano Banana 2 Lite\)/),
      );
      assert.equal(server.submissions.length, 0);
    });
  });
});

describe('model choice: Claude', () => {
  const entry = entryOf('claude');

  it('lists the models by their first span (not "Pro" / "Upgrade")', async () => {
    await withSite(browser(), entry, {}, async ({ model }) => {
      const offered = await model.listModels();
      assert.deepEqual(offered.models.map((option) => [option.name, option.current]), [
        ['Fable 5', false],
        ['Opus 4.8', false],
        ['Sonnet 5', true],
        ['Haiku 4.5', false],
      ]);
    });
  });

  it('switches to Haiku before sending: the selector then reads "Model: Haiku 4.5"', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'short', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('hi', { model: 'haiku' }), 'short');
      const page = await model.page();
      assert.equal(await shown(page, 'button[data-testid="model-selector-dropdown"]', 'aria-label'), 'Model: Haiku 4.5');
      assert.equal(server.submissions[0]!.model, 'Haiku 4.5');
    });
  });

  it('a model the plan does not include is offered but does not take: refused after the check, nothing sent', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(model.call('hi', { model: 'Opus 4.8' }), modelNotAvailable(/"Opus 4\.8" was selected in the model picker but the page did not switch to it \(it shows "Model: Sonnet 5", "Sonnet 5"\)/));
      assert.equal(server.submissions.length, 0);
    });
  });

  it('a number alone that fits two models is ambiguous', async () => {
    await withSite(browser(), entry, {}, async ({ model }) => {
      await assert.rejects(model.call('hi', { model: '5' }), modelNotAvailable(/"5" matches several choices \(Fable 5, Sonnet 5\)/));
    });
  });
});

describe('model choice: DeepSeek', () => {
  const entry = entryOf('deepseek');

  /** The checked radio and the pressed switches, as the page shows them. */
  async function pageChoice(page: Page): Promise<{ mode: string; pressed: string[]; switches: string[] }> {
    return {
      mode: await shown(page, 'div[role="radio"][aria-checked="true"]'),
      pressed: await page.locator('div.ds-toggle-button[aria-pressed="true"]').allInnerTexts(),
      switches: await page.locator('div.ds-toggle-button[aria-pressed]').allInnerTexts(),
    };
  }

  it('lists the radios (no menu to open) and the switches', async () => {
    await withSite(browser(), entry, {}, async ({ model }) => {
      const offered = await model.listModels();
      assert.deepEqual(offered.models.map((option) => [option.name, option.aliases, option.current]), [
        ['Instant', ['default'], true],
        ['Expert', ['expert'], false],
        ['Vision', ['vision'], false],
      ]);
      assert.deepEqual(offered.toggles, [
        { name: 'DeepThink', on: false },
        { name: 'Search', on: false },
      ]);
    });
  });

  it('switches DeepThink and Search on with Instant, then off again when the request stops naming them', async () => {
    const turns = [{ reply: 'one', tokenMs: 2 }, { reply: 'two', tokenMs: 2 }];
    await withSite(browser(), entry, { scenario: { turns } }, async ({ model, server }) => {
      assert.equal(await model.call('first', { model: 'Instant + DeepThink + Search' }), 'one');
      const page = await model.page();
      assert.deepEqual(await pageChoice(page), { mode: 'Instant', pressed: ['DeepThink', 'Search'], switches: ['DeepThink', 'Search'] });
      assert.equal(server.submissions[0]!.model, 'Instant + DeepThink + Search');
      assert.equal(await model.call('second', { model: 'Instant', thread: { newThread: false, fullTranscript: () => '' } }), 'two');
      assert.deepEqual(await pageChoice(page), { mode: 'Instant', pressed: [], switches: ['DeepThink', 'Search'] });
      assert.equal(server.submissions[1]!.model, 'Instant');
    });
  });

  it('Expert with DeepThink: the radio and the switch change before the message goes out', async () => {
    await withSite(browser(), entry, { scenario: { turns: [{ reply: 'expert answer', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('hard question', { model: 'expert + deepthink' }), 'expert answer');
      const page = await model.page();
      assert.deepEqual(await pageChoice(page), { mode: 'Expert', pressed: ['DeepThink'], switches: ['DeepThink'] });
      assert.equal(server.submissions[0]!.model, 'Expert + DeepThink');
      // Expert mode has no file input: the send control is still found (not Enter), by its last fallback.
      assert.equal(model.log.entries[0]!.matched?.sendButton, 2);
    });
  });

  it('Search is not offered with Expert: MODEL_NOT_AVAILABLE naming the switches there, nothing sent', async () => {
    await withSite(browser(), entry, {}, async ({ model, server }) => {
      await assert.rejects(model.call('x', { model: 'Expert + Search' }), modelNotAvailable(/the switch "Search" is not offered with this model\. The model picker offers: Instant, Expert, Vision; switches: DeepThink\./));
      assert.equal(server.submissions.length, 0);
    });
  });
});

describe('model choice through the engine', () => {
  it('PTKManager passes the task\'s model to the browser model, which applies it before sending', async () => {
    await withSite(browser(), entryOf('claude'), { scenario: { turns: [{ reply: 'All done.', tokenMs: 2 }] } }, async ({ model, server }) => {
      const manager = new PTKManager(model, new ToolRegistry([]));
      const result = await manager.orchestrateToolCalling('Say you are done.', { model: 'Haiku 4.5', maxIterations: 2 });
      assert.equal(result.success, true, result.error);
      assert.equal(result.content.trim(), 'All done.');
      assert.equal(server.submissions.length, 1);
      assert.equal(server.submissions[0]!.model, 'Haiku 4.5');
    });
  });

  it('a refused model fails the task with the backend code MODEL_NOT_AVAILABLE', async () => {
    await withSite(browser(), entryOf('claude'), {}, async ({ model, server }) => {
      const result = await new PTKManager(model, new ToolRegistry([])).orchestrateToolCalling('Hello', { model: 'Claude 9' });
      assert.equal(result.success, false);
      assert.equal(result.backendErrorCode, PTKErrorCode.MODEL_NOT_AVAILABLE);
      assert.match(result.error ?? '', /offers: Fable 5, Opus 4\.8, Sonnet 5, Haiku 4\.5/);
      assert.equal(server.submissions.length, 0);
    });
  });

  it('a site without a known model picker refuses a requested model, sending nothing', async () => {
    await withSite(browser(), entryOf('custom'), {}, async ({ model, server }) => {
      await assert.rejects(model.call('hi', { model: 'Any' }), modelNotAvailable(/has no model picker PTK knows how to use/));
      assert.equal(server.submissions.length, 0);
      assert.deepEqual(await model.listModels(), { site: 'custom', hasPicker: false, models: [], toggles: [] });
    });
  });

  it("the CLI's --model chooses the model for the task", async () => {
    const server = await startReplicaServer({ site: 'chatgpt', scenario: { turns: [{ reply: 'From the CLI.', tokenMs: 2 }] } });
    try {
      let out = '';
      let err = '';
      const workspace = mkdtempSync(path.join(tmpdir(), 'ptk-model-'));
      const profile = mkdtempSync(path.join(tmpdir(), 'ptk-profile-'));
      const code = await main(['run', '--site', 'chatgpt', '--site-url', server.url, '--browser', chromiumPath, '--headless', '--profile', profile, '--workspace', workspace, '--model', 'GPT-5.5', 'Say hello.'], {
        stdout: (text) => void (out += text),
        stderr: (text) => void (err += text),
      });
      assert.equal(code, 0, err);
      assert.match(out, /From the CLI\./);
      assert.equal(server.submissions[0]!.model, 'GPT-5.5 · High');
    } finally {
      await server.close();
    }
  });
});
