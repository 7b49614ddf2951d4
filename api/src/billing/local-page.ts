import { escapeUTF8 } from 'entities';
import { checkoutReturnUrl, type LocalCheckoutView } from './local-provider';
import { billingMessages } from './messages';

const text = billingMessages.page;

/**
 * The page's own rules: no scripts at all, inline styles only, forms post to this API and may be
 * redirected back to the product (the return URL's origin), and no framing.
 */
export function checkoutPageSecurityPolicy(view: LocalCheckoutView | null): string {
  const back = view ? ` ${new URL(view.redirectUrl).origin}` : '';
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${back}; frame-ancestors 'none'; base-uri 'none'`;
}

const style = /* css */ `
  :root { color-scheme: dark; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #121017; color: #F2EEF6;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { width: min(480px, calc(100% - 32px)); background: #1B1822; border: 1px solid #2E2938; border-radius: 12px;
    padding: 32px; display: grid; gap: 20px; }
  @media (max-width: 480px) { main { padding: 20px; } }
  h1 { margin: 0; font-size: 1.5rem; }
  h2 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; color: #A59DB3; }
  dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; }
  dt { color: #A59DB3; } dd { margin: 0; overflow-wrap: anywhere; }
  .notice { border: 1px solid #DA70D6; background: #DA70D61f; border-radius: 8px; padding: 12px 16px; color: #F2EEF6; }
  .actions { display: flex; gap: 12px; justify-content: flex-end; flex-wrap: wrap; }
  form { margin: 0; }
  button, a.button { font: inherit; font-weight: 600; border-radius: 8px; padding: 8px 16px; cursor: pointer;
    border: 1px solid transparent; text-decoration: none; display: inline-block; }
  .primary { background: #DA70D6; color: #1A0F1A; } .primary:hover { background: #E48FE1; }
  .secondary { background: transparent; color: #F2EEF6; border-color: #2E2938; } .secondary:hover { background: #24202D; }
  :focus-visible { outline: 2px solid #DA70D6; outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="${text.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeUTF8(title)} · Luz</title>
<style>${style}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function message(title: string, detail: string, back: string | null): string {
  const link = back
    ? `<div class="actions"><a class="button primary" href="${escapeUTF8(back)}">${text.back}</a></div>`
    : '';
  return layout(title, `<h1>${escapeUTF8(title)}</h1><p>${escapeUTF8(detail)}</p>${link}`);
}

/** The checkout page for `view` (null: an unknown link); `actionBase` is the page's own URL. */
export function renderCheckoutPage(view: LocalCheckoutView | null, actionBase: string): string {
  if (!view) return message(text.notFoundTitle, text.notFound, null);
  if (view.state === 'succeeded') return message(text.doneTitle, text.done, checkoutReturnUrl(view));
  if (view.state === 'closed') return message(text.closedTitle, text.closed, checkoutReturnUrl(view));
  const action = escapeUTF8(actionBase);
  return layout(
    text.title,
    `<h1>${text.title}</h1>
<p class="notice" role="note">${text.localNotice}</p>
<section aria-labelledby="plan"><h2 id="plan">${text.plan}</h2><p>${text.planDescription}</p></section>
<dl>
  <dt>${text.account}</dt><dd>${escapeUTF8(view.email)}</dd>
  <dt>${text.company}</dt><dd>${escapeUTF8(view.companyName)}</dd>
</dl>
<div class="actions">
  <form method="post" action="${action}/cancel"><button type="submit" class="secondary">${text.cancel}</button></form>
  <form method="post" action="${action}/pay"><button type="submit" class="primary">${text.confirm}</button></form>
</div>`,
  );
}
