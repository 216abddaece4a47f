/**
 * The HTML template of every page: Docusaurus' default, except for how the app's
 * scripts start. Instead of `<script defer>` (which runs before the first paint once
 * downloaded, so the server-rendered text waits for the whole bundle), the scripts
 * are requested right after the first frame is painted and run in their original
 * order. The page reads at once; hydration follows.
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
        requestAnimationFrame(function () { setTimeout(start, 0); });
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
