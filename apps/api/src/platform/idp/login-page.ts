/** Server-rendered pages of the embedded provider: sign-in form, sign-out, messages. No JavaScript needed. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:#f4f3f8;color:#1f1f1f;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5}
header{width:100%;background:#251A5B;height:70px;display:flex;align-items:center;padding:0 20px}
.logo{color:#fff;font-size:24px;font-weight:700;letter-spacing:.5px;text-decoration:none}
.logo span{color:#FF5000}
main{width:100%;max-width:420px;padding:32px 16px}
.card{background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(37,26,91,.12);padding:28px 24px}
h1{margin:0 0 20px;font-size:22px;color:#251A5B}
label{display:block;font-weight:600;margin:16px 0 6px}
input[type=text],input[type=password]{width:100%;padding:10px 12px;font:inherit;border:1px solid #c9c6d6;border-radius:6px}
input:focus{outline:2px solid #FF5000;outline-offset:1px;border-color:#FF5000}
button,.button{display:block;width:100%;margin-top:24px;padding:12px;font:inherit;font-weight:600;color:#fff;
background:#FF5000;border:0;border-radius:6px;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#e04600}
.error{color:#FF0000;border:1px solid #FF0000;background:#fff5f5;border-radius:6px;padding:10px 12px;margin:0 0 8px}
.links{display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px;margin-top:20px;font-size:14px}
a{color:#251A5B}
p{margin:0 0 12px}
@media (min-width:768px){header{height:89px;padding:0 40px}main{padding-top:64px}}
`;

function layout(title: string, body: string, home: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Academy</title>
<style>${STYLE}</style>
</head>
<body>
<header><a class="logo" href="${escapeHtml(home)}">Academy<span>.</span></a></header>
<main><div class="card">
${body}
</div></main>
</body>
</html>`;
}

export type SignInPageOptions = {
  /** Where the form posts (the interaction URL). */
  action: string;
  /** The web app's address, for the logo and links. */
  home: string;
  username?: string;
  error?: string;
  /** Shown as "Create an account" only when registration is enabled. */
  registrationUrl?: string;
};

export function signInPage(o: SignInPageOptions): string {
  const username = o.username ?? '';
  const error = o.error ? `<p class="error" role="alert">${escapeHtml(o.error)}</p>` : '';
  const register = o.registrationUrl
    ? `<a href="${escapeHtml(o.registrationUrl)}">Create an account</a>`
    : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${error}<form method="post" action="${escapeHtml(o.action)}">
<label for="username">Employee code or email</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false"
 required value="${escapeHtml(username)}"${username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<div class="links"><a href="${escapeHtml(`${o.home}/forgot-password`)}">Forgot password?</a>${register}</div>`,
    o.home,
  );
}

/** A page with a title, a message and a way back to the app. */
export function messagePage(o: { title: string; message: string; home: string; linkText?: string }): string {
  return layout(
    o.title,
    `<h1>${escapeHtml(o.title)}</h1>
<p>${escapeHtml(o.message)}</p>
<a class="button" href="${escapeHtml(`${o.home}/`)}">${escapeHtml(o.linkText ?? 'Back to Academy')}</a>`,
    o.home,
  );
}

/** Submits the sign-out form at once; its hash is allowed by the Content-Security-Policy. */
export const SIGN_OUT_SCRIPT = "document.getElementById('op.logoutForm').submit()";

/**
 * The sign-out confirmation. `form` is oidc-provider's hidden form (with its anti-forgery token);
 * it is submitted at once by script, and by the button when JavaScript is off.
 */
export function signOutPage(form: string, home: string): string {
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    'Sign out',
    `<h1>Signing you out…</h1>
${withLogout}
<button type="submit" form="op.logoutForm">Sign out</button>
<script>${SIGN_OUT_SCRIPT}</script>`,
    home,
  );
}
