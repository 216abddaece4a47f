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
 */
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
      (function (scripts) {
        function start() {
          scripts.forEach(function (src) {
            var script = document.createElement('script');
            script.src = src;
            script.async = false;
            document.body.appendChild(script);
          });
        }
        requestAnimationFrame(function () {
          requestAnimationFrame(function () { setTimeout(start, 0); });
        });
      })(<%~ JSON.stringify(it.scripts.map(function (script) { return it.baseUrl + script; })) %>);
    </script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;

/**
 * The scripts a built page starts with, as the loader above lists them (paths from the
 * site root), or null for a page without the loader.
 */
export function startupScripts(html: string): string[] | null {
  // Minified, the loader ends with `(["/assets/js/runtime~main.….js", …])`.
  const list = html.match(/\((\["[^\]]*\.js"\])\)\s*;?\s*<\/script>/)?.[1];
  return list ? (JSON.parse(list) as string[]) : null;
}
