/**
 * The insights dashboard's page: a static shell (sign-in form, controls, empty sections)
 * that ./client.ts fills from /insights/report.json. Nothing a reader wrote is ever put in
 * this HTML: the client writes it as text.
 */
export const DASHBOARD_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function dashboardHtml(version: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Docs insights</title>
<link rel="stylesheet" href="/insights/dashboard.css?v=${version}">
<script defer src="/insights/dashboard.js?v=${version}"></script>
</head>
<body>
<header class="top">
  <h1>Docs insights</h1>
  <p class="who" id="who"></p>
  <button type="button" id="sign-out" class="link" hidden>Sign out</button>
</header>
<main>
  <form id="sign-in" class="card" autocomplete="off">
    <h2>Sign in</h2>
    <p>Paste the insights token you were given: the docs team's token reads every host, a partner's token reads its own hosts.</p>
    <label for="token">Insights token</label>
    <input id="token" name="token" type="password" required minlength="16" spellcheck="false">
    <button type="submit">Sign in</button>
  </form>
  <form id="controls" class="controls" hidden>
    <label for="since">Period</label>
    <select id="since" name="since">
      <option value="7d">Last 7 days</option>
      <option value="30d" selected>Last 30 days</option>
      <option value="90d">Last 90 days</option>
      <option value="365d">Last 365 days</option>
    </select>
    <label for="host">Host</label>
    <select id="host" name="host"></select>
  </form>
  <p id="status" role="status" class="status"></p>
  <div id="report" hidden>
    <section class="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      <dl id="summary" class="summary"></dl>
    </section>
    <section class="card" aria-labelledby="days-title">
      <h2 id="days-title">Answers and searches per day</h2>
      <div id="days-plot" class="plot" aria-hidden="true"></div>
      <div id="days-table"></div>
      <button type="button" class="csv" data-table="days">Download CSV</button>
    </section>
    <section class="card" aria-labelledby="pages-title">
      <h2 id="pages-title">Pages, the least helpful first</h2>
      <div id="pages-table"></div>
      <button type="button" class="csv" data-table="pages">Download CSV</button>
    </section>
    <section class="card" aria-labelledby="comments-title">
      <h2 id="comments-title">Recent comments</h2>
      <div id="comments-table"></div>
      <button type="button" class="csv" data-table="comments">Download CSV</button>
    </section>
    <section class="card" aria-labelledby="searches-title">
      <h2 id="searches-title">Top searches</h2>
      <div id="searches-table"></div>
      <button type="button" class="csv" data-table="searches">Download CSV</button>
    </section>
    <section class="card" aria-labelledby="none-title">
      <h2 id="none-title">Searches with no results</h2>
      <div id="no-results-table"></div>
      <button type="button" class="csv" data-table="no-results">Download CSV</button>
    </section>
  </div>
</main>
</body>
</html>
`;
}
