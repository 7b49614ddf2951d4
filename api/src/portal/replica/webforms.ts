import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { escapeAttribute } from 'entities';

/**
 * ASP.NET WebForms' hidden fields as the replica writes and checks them. __VIEWSTATE carries the
 * page's state (what a postback refers to, e.g. the grid's rows) and __EVENTVALIDATION the
 * postbacks and values the page offered; both carry a MAC, so a missing, altered or foreign
 * field is refused, as WebForms refuses it.
 */

export type PageState<T = unknown> = {
  page: string;
  /** The anti-forgery token the page was rendered with (authenticated pages). */
  antiXsrf: string | null;
  /** Whose page it is (authenticated pages). */
  username: string | null;
  data: T;
};

/** What a page lets a post do: postbacks (`target|argument`), buttons (`name=value`), choices (`name=value`). */
export type Allowed = { postbacks?: string[]; buttons?: string[]; values?: string[] };

const hiddenNames = ['__VIEWSTATE', '__VIEWSTATEGENERATOR', '__VIEWSTATEENCRYPTED', '__EVENTVALIDATION'];

/** WebForms' generator is a hash of the page's path, printed as 8 hex digits. */
export const generatorOf = (path: string) =>
  createHash('sha1').update(path.toLowerCase()).digest('hex').slice(0, 8).toUpperCase();

export class WebForms {
  private key = randomBytes(32);

  /** A new machine key: every page rendered before is refused (an application pool recycle). */
  recycle() {
    this.key = randomBytes(32);
  }

  private seal(payload: unknown, purpose: string): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8');
    const mac = createHmac('sha256', this.key).update(purpose).update(body).digest();
    return Buffer.concat([body, mac]).toString('base64');
  }

  private open<T>(value: unknown, purpose: string): T | null {
    if (typeof value !== 'string' || value === '') return null;
    const bytes = Buffer.from(value, 'base64');
    if (bytes.length <= 32) return null;
    const body = bytes.subarray(0, -32);
    const expected = createHmac('sha256', this.key).update(purpose).update(body).digest();
    if (!timingSafeEqual(expected, bytes.subarray(-32))) return null;
    try {
      return JSON.parse(body.toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  /** The hidden fields a form carries before its controls (WebForms writes them first). */
  leadingFields(path: string, state: PageState): string {
    return `<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${escapeAttribute(this.seal(state, `viewstate:${generatorOf(path)}`))}" />
</div>
<script type="text/javascript">
//<![CDATA[
var theForm = document.forms['${state.page === 'consultation' ? 'ctl01' : 'aspnetForm'}'];
function __doPostBack(eventTarget, eventArgument) {
  if (!theForm.onsubmit || (theForm.onsubmit() != false)) {
    theForm.__EVENTTARGET.value = eventTarget;
    theForm.__EVENTARGUMENT.value = eventArgument;
    theForm.submit();
  }
}
//]]>
</script>`;
  }

  /** The hidden fields WebForms writes at the end of the form. */
  trailingFields(path: string, allowed: Allowed): string {
    return `<div class="aspNetHidden">
<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="${generatorOf(path)}" />
<input type="hidden" name="__VIEWSTATEENCRYPTED" id="__VIEWSTATEENCRYPTED" value="" />
<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${escapeAttribute(this.seal(allowed, `validation:${generatorOf(path)}`))}" />
</div>`;
  }

  /**
   * Reads a post to `path`: its page state when every hidden field round-tripped and the event
   * is one the page offered; null when WebForms would refuse it.
   */
  read<T>(
    path: string,
    body: Record<string, unknown>,
    expected: { page: string; antiXsrf: string | null; username: string | null },
  ): { state: PageState<T>; event: { target: string; argument: string } } | null {
    if (hiddenNames.some((name) => typeof body[name] !== 'string')) return null;
    if (body.__VIEWSTATEGENERATOR !== generatorOf(path)) return null;
    const state = this.open<PageState<T>>(body.__VIEWSTATE, `viewstate:${generatorOf(path)}`);
    const allowed = this.open<Allowed>(body.__EVENTVALIDATION, `validation:${generatorOf(path)}`);
    if (!state || !allowed || state.page !== expected.page) return null;
    if (state.antiXsrf !== expected.antiXsrf || state.username !== expected.username) return null;
    const target = typeof body.__EVENTTARGET === 'string' ? body.__EVENTTARGET : '';
    const argument = typeof body.__EVENTARGUMENT === 'string' ? body.__EVENTARGUMENT : '';
    if (target) {
      if (!(allowed.postbacks ?? []).includes(`${target}|${argument}`)) return null;
    } else if (!(allowed.buttons ?? []).some((button) => posted(body, button))) return null;
    // A choice among offered values (a drop-down) must be one of them.
    const offered = allowed.values ?? [];
    const choices = new Set(offered.map((pair) => pair.slice(0, pair.indexOf('='))));
    for (const name of choices)
      if (typeof body[name] === 'string' && !offered.includes(`${name}=${body[name]}`)) return null;
    return { state, event: { target, argument } };
  }
}

/** Whether the body posts `name=value`. */
function posted(body: Record<string, unknown>, pair: string): boolean {
  const at = pair.indexOf('=');
  return body[pair.slice(0, at)] === pair.slice(at + 1);
}

/** `javascript:__doPostBack('target','argument')`, as WebForms writes a postback link. */
export const postbackHref = (target: string, argument = '') =>
  `javascript:__doPostBack('${target}','${argument}')`;
