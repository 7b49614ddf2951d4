import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'cheerio';
import { escapeAttribute } from 'entities';

/** A page the connector did not recognise, kept so that someone can see what CFE changed. */
export type UnknownPage = {
  at: Date;
  /** What the connector was doing, e.g. "login", "download". */
  during: string;
  /** The page's address without its query (which may carry a session's token). */
  url: string;
  status: number;
  /** The page with every secret removed (see `redactPage`). */
  html: string;
};

export type DiagnosticSink = (page: UnknownPage) => void | Promise<void>;

/**
 * The page without secrets: values of hidden fields (__VIEWSTATE, __EVENTVALIDATION… which can
 * carry session data), of password and CAPTCHA boxes, and any text equal to the given secrets
 * (the password, the user). Cookies never reach the page; scripts are dropped.
 */
export function redactPage(html: string, secrets: string[]): string {
  const $ = load(html);
  $('input[type="hidden"], input[type="password"], input[name*="Captcha"], input[name*="captcha"]').attr(
    'value',
    '[retirado]',
  );
  $('script').remove();
  let redacted = $.html();
  const written = secrets
    .filter((value) => value.length >= 3)
    .flatMap((value) => [value, escapeAttribute(value)]);
  for (const secret of written) redacted = redacted.split(secret).join('[retirado]');
  return redacted;
}

/** Unknown pages written as files in a folder (e.g. the data folder's portal-diagnostics/). */
export function folderSink(folder: string): DiagnosticSink {
  return async (page) => {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const name = `${page.at.toISOString().replaceAll(':', '-')}-${page.during}.html`;
    const header = `<!-- ${page.during} · ${page.url} · HTTP ${page.status} · ${page.at.toISOString()} -->\n`;
    await writeFile(join(folder, name), header + page.html, { mode: 0o600 });
  };
}
