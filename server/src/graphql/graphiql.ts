import type { GraphiQLOptions } from 'graphql-yoga'

/**
 * GraphiQL served from this server (it works offline, and the CSP allows scripts from 'self'
 * only): the bundle of @graphql-yoga/render-graphiql split into same-origin files instead of
 * one page of inline scripts. Loaded on the first request, so a server without GraphiQL
 * never reads the 9 MB bundle.
 */
/** Where app.ts serves the files (GET /graphiql/:file). */
export const GRAPHIQL_ASSETS_PATH = '/graphiql'

interface Asset {
  body: string | Uint8Array
  type: string
}

const workerFiles: Record<string, string> = { editorWorkerService: 'editor.worker.js', json: 'json.worker.js', graphql: 'graphql.worker.js' }

// Runs before the bundle: Monaco's workers come from the same origin (not blob: URLs).
const before = `self.MonacoEnvironment = {
  globalAPI: false,
  getWorkerUrl: function (_moduleId, label) {
    var files = ${JSON.stringify(workerFiles)};
    return ${JSON.stringify(GRAPHIQL_ASSETS_PATH)} + '/' + (files[label] || files.editorWorkerService);
  },
};
`
// Runs before the bundle too: signed in from the browser session (issue 32). GraphiQL is served
// from the app's origin, so it reads the app's session (localStorage: accessToken, refreshToken,
// userData, as client/src/lib/session.ts keeps them) and sends its access token on each call to
// /graphql, refreshing it once on a 401 under the app's own Web Lock ('token-refresh'), so no one
// pastes a token that expires in 10 minutes. An Authorization header typed into GraphiQL's headers
// (a personal access token, say) wins. The caller's own rights apply: nothing is widened.
const session = `(function () {
  var base = window.fetch.bind(window);
  var read = function (k) { try { return localStorage.getItem(k); } catch (e) { return null; } };
  var inflight = null;
  var run = function (stale) {
    var latest = read('accessToken');
    if (latest && latest !== stale) return Promise.resolve(latest);
    var refreshToken = read('refreshToken');
    if (!refreshToken) return Promise.resolve(null);
    return base('/jwt/refresh-token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: refreshToken }) })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (p) {
        if (!p || typeof p.accessToken !== 'string' || typeof p.refreshToken !== 'string') return null;
        try {
          localStorage.setItem('accessToken', p.accessToken);
          localStorage.setItem('refreshToken', p.refreshToken);
          if (p.userData) localStorage.setItem('userData', JSON.stringify(p.userData));
        } catch (e) {}
        return p.accessToken;
      })
      .catch(function () { return null; });
  };
  var refresh = function (stale) {
    if (!inflight) {
      var go = function () { return run(stale); };
      inflight = (navigator.locks ? navigator.locks.request('token-refresh', go) : go()).finally(function () { inflight = null; });
    }
    return inflight;
  };
  window.fetch = function (input, init) {
    var url = new URL(typeof input === 'string' || input instanceof URL ? String(input) : input.url, location.href);
    var token = read('accessToken');
    if (url.origin !== location.origin || url.pathname !== '/graphql' || !token) return base(input, init);
    var own = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
    if (own.has('authorization')) return base(input, init);
    var send = function (t) {
      var h = new Headers(own);
      h.set('authorization', 'Bearer ' + t);
      return base(input, Object.assign({}, init, { headers: h }));
    };
    return send(token).then(function (res) {
      if (res.status !== 401) return res;
      return refresh(token).then(function (fresh) { return fresh ? send(fresh) : res; });
    });
  };
})();
`
// Runs after it: the options come from a JSON block in the page (data, not a script).
const after = `
YogaGraphiQL.renderYogaGraphiQL(
  document.querySelector('#root'),
  JSON.parse(document.getElementById('graphiql-options').textContent),
);
`

let assets: Promise<Map<string, Asset>> | undefined

function loadAssets(): Promise<Map<string, Asset>> {
  assets ??= import('@graphql-yoga/render-graphiql/graphiql').then((m) => {
    const js = 'text/javascript; charset=utf-8'
    const icon = /^data:([^;]+);base64,(.*)$/.exec(m.favicon)
    return new Map<string, Asset>([
      ['graphiql.js', { body: `${before}${session}${m.js};${after}`, type: js }],
      ['graphiql.css', { body: m.css, type: 'text/css; charset=utf-8' }],
      [workerFiles.editorWorkerService!, { body: m.editorWorkerService, type: js }],
      [workerFiles.json!, { body: m.jsonWorker, type: js }],
      [workerFiles.graphql!, { body: m.graphqlWorker, type: js }],
      ...(icon ? ([['favicon.ico', { body: Buffer.from(icon[2]!, 'base64'), type: icon[1]! }]] as const) : []),
    ])
  })
  return assets
}

/** One of GraphiQL's files by name, or undefined. */
export async function graphiqlAsset(name: string): Promise<Asset | undefined> {
  return (await loadAssets()).get(name)
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The GraphiQL page: no inline script or style, every URL same-origin. */
export function renderGraphiQLPage(opts: GraphiQLOptions): string {
  // `<` escaped so the JSON cannot close its element.
  const options = JSON.stringify(opts ?? {}).replace(/</g, '\\u003c')
  const base = GRAPHIQL_ASSETS_PATH
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(opts?.title ?? 'GraphiQL')}</title>
    <link rel="icon" href="${base}/favicon.ico" />
    <link rel="stylesheet" href="${base}/graphiql.css" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${options}</script>
    <script src="${base}/graphiql.js"></script>
  </body>
</html>
`
}
