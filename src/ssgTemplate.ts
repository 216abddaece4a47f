import {EARLY_HOLD_MS, EARLY_SEARCH_GLOBAL} from './search/earlyHandover';

/**
 * The HTML template of every page: Docusaurus' default, except for how the app's
 * scripts start. Instead of `<script defer>` (which runs before the first paint once
 * downloaded, so the server-rendered text waits for the whole bundle), the scripts
 * are requested once the frame holding the whole page has been shown, and run in their
 * original order. The page reads at once; hydration follows.
 *
 * The loader runs after the page's HTML is parsed. The first animation frame after that
 * paints the page; the second comes after that paint has reached the screen. Asked for in
 * the first, the scripts could start loading before the page's largest text was shown (the
 * paint is presented a little after the frame's work ends), and a page-load model that
 * counts every request started before that moment (Lighthouse's) would wait for the whole
 * bundle: 1.0 s or 2.8 s of LCP for the same page, from one run to the next.
 *
 * On the /search page with a query, the early script (src/search/early.ts) searches before
 * the app has loaded. There the loader holds the scripts (which the page preloads, so they
 * download meanwhile) until the early results are shown, at most `EARLY_HOLD_MS`: on a slow
 * device the app's start-up would otherwise take the page's thread while the answer waits to
 * be shown. `performance` marks what it did: `app-scripts-held`, `app-scripts-started`.
 *
 * ES5 and self-contained: it is written into every page as it is (and unit-tested as a string).
 */
export const APP_LOADER = `function (scripts) {
  function start() {
    performance.mark('app-scripts-started');
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.body.appendChild(script);
    });
  }
  function afterPaint() {
    var early = window['${EARLY_SEARCH_GLOBAL}'];
    var settled = early && early.settled;
    if (!settled || typeof settled.then !== 'function') return start();
    performance.mark('app-scripts-held');
    var started = false;
    var once = function () {
      if (!started) {
        started = true;
        start();
      }
    };
    settled.then(once, once);
    setTimeout(once, ${EARLY_HOLD_MS});
  }
  requestAnimationFrame(function () {
    requestAnimationFrame(function () { setTimeout(afterPaint, 0); });
  });
}`;

export const ssgTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script>
      (${APP_LOADER})(<%~ JSON.stringify(it.scripts.map(function (script) { return it.baseUrl + script; })) %>);
    </script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;

/** The end of the loader's <script> in a built page: minified, `(["/assets/js/runtime~main.….js", …])</script>`. */
export const LOADER_CALL_END = /\((\["[^\]]*\.js"\])\)\s*;?\s*<\/script>/;

/**
 * The scripts a built page starts with, as the loader above lists them (paths from the
 * site root), or null for a page without the loader.
 */
export function startupScripts(html: string): string[] | null {
  const list = html.match(LOADER_CALL_END)?.[1];
  return list ? (JSON.parse(list) as string[]) : null;
}
