// Lighthouse's performance score (its default: a mobile device on a slow 4G network, simulated)
// for one page, in Debian's Chromium started by chrome-launcher. Lighthouse clears the origin's
// storage before loading (a cold load); the session's token is put back before the page's own
// scripts run, as a returning user has it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { PageGlobals } from './measure-page';

/**
 * `error`: what Lighthouse reported instead of measuring (e.g. NO_LCP on an overloaded machine).
 * `allBlockingMs`: the blocking time (each long task's time past 50 ms) of every long task of the
 * load, first paint or not: what TBT would be if the page painted with its HTML. Lighthouse's TBT
 * counts only the tasks after the first paint, so drawing a signed-in screen into the page raises
 * TBT by what runs after it (docs/decisions/162); this is the figure that must come down first.
 */
export type LighthouseResult = {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  allBlockingMs: number;
  error?: string;
};

type LongTask = { duration?: number };

/** Lighthouse lists the load's longest tasks (at most 20) with its simulated, throttled durations. */
const blockingOfAll = (tasks: LongTask[]) =>
  tasks.reduce((sum, task) => sum + Math.max(0, (task.duration ?? 0) - 50), 0);

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function lighthouseScore(url: string, token: string | null): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (token) {
        await page.evaluateOnNewDocument((value: string) => {
          (globalThis as unknown as PageGlobals).localStorage.setItem('access_token', value);
        }, token);
      }
      const result = await lighthouse(
        url,
        { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      // A run that could not measure (the page never painted in time, the trace broke): say so, not 0.
      const error = runtimeError?.code ?? audits['largest-contentful-paint']?.errorMessage;
      if (error) {
        const nothing = Number.NaN;
        return {
          score: nothing,
          lcpMs: nothing,
          cls: nothing,
          tbtMs: nothing,
          allBlockingMs: nothing,
          error,
        };
      }
      const longTasks = audits['long-tasks']?.details;
      return {
        score: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        allBlockingMs:
          longTasks?.type === 'table' ? blockingOfAll(longTasks.items as LongTask[]) : Number.NaN,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}
