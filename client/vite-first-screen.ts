/**
 * Build step: lets the browser fetch the first screen's chunks while it fetches the entry.
 *
 * index.html modulepreloads only the entry's static imports; the opened page's chunk, the app
 * layout (menu, top bar, Apollo) and the page's translations used to be requested only once
 * the entry had downloaded and run (app/first-screen.ts), a whole extra round on a phone
 * network. This puts a small script (a few hundred bytes plus the route list) inline into
 * index.html, before the entry, that adds
 * <link rel="modulepreload"> for the chunks of the address opened: the page for public pages,
 * and for a signed-in visitor (session in localStorage, lib/session.ts) on an app page the
 * page, the chosen layout (with the Apollo set-up its content area loads) and the page's
 * translation namespace in the stored language.
 * Fetching is all it does: what renders is still decided by the app (route guard).
 *
 * A page named in FIRST_QUERIES also has its first query sent from here, for a signed-in
 * visitor whose access token has not expired: its answer is on its way while the app's code
 * loads, instead of being asked for once Apollo and the page have loaded and run. The query is
 * printed as Apollo sends it (with __typename); Apollo takes the answer only for the very same
 * query and variables, once, and only a clean one (lib/first-query.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { InMemoryCache } from '@apollo/client'
import { type DocumentNode, Kind, print } from 'graphql'
import type { Rollup } from 'vite'
import { ROUTES } from './src/app/route-table.js'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk

const clientSrc = fileURLToPath(new URL('./src', import.meta.url))

/**
 * page (`<feature>/<page file>`, app/route-table.ts) → [the query its first screen starts with, the
 * `.graphql` file under client/src that defines it]; codegen writes its document beside that file
 * (`<name>.generated.ts`).
 */
const FIRST_QUERIES: Record<string, [string, string]> = { 'assistant/dashboard-page': ['AssistantDashboard', 'features/assistant/graphql/dashboard.graphql'] }

/** The accept header Apollo's HttpLink sends, so the answer comes in the same form. */
const GRAPHQL_ACCEPT = 'application/graphql-response+json,application/json;q=0.9'

/**
 * [operation name, query as Apollo prints it, whether it takes $userId]. Only $userId (the
 * signed-in user's id, from the stored session, as a string like lib/session-types.ts makes it) can be filled
 * in before the app runs.
 */
export function firstQuery(name: string, graphqlFile: string): [string, string, number] {
  const generated = graphqlFile.replace(/\.graphql$/, '.generated.ts')
  const text = readFileSync(join(clientSrc, generated), 'utf8')
  const json = new RegExp(`^export const ${name}Document = (\\{.*\\}) as unknown as DocumentNode<`, 'm').exec(text)?.[1]
  if (!json) throw new Error(`first-screen: no ${name}Document in ${generated} (run npm run codegen)`)
  const document = new InMemoryCache().transformDocument(JSON.parse(json) as DocumentNode)
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)
  const variables = (operation?.variableDefinitions ?? []).map((v) => v.variable.name.value)
  if (operation?.operation !== 'query' || variables.some((v) => v !== 'userId')) {
    throw new Error(`first-screen: ${name} must be a query whose only variable is $userId`)
  }
  return [operation.name?.value ?? name, print(document), variables.length]
}

/** page → source file and translation namespaces, from the route table (features/<feature>/pages/<page>.tsx, app/pages.ts). */
function pageSources(): Map<string, { source: string; namespaces: string[] }> {
  const pages = new Map<string, { source: string; namespaces: string[] }>()
  for (const route of ROUTES) {
    const [feature, file] = route.page.split('/') as [string, string]
    if (!pages.has(route.page))
      pages.set(route.page, { source: join(clientSrc, `features/${feature}/pages/${file}`), namespaces: [...(route.namespaces ?? [])] })
  }
  return pages
}

function isChunk(item: OutputBundle[string]): item is OutputChunk {
  return item.type === 'chunk'
}

/** Returns the module's code. */
export function firstScreenModule(bundle: OutputBundle): { code: string } {
  const chunks = Object.values(bundle).filter(isChunk)
  const bySource = new Map<string, OutputChunk>()
  const sourceKey = (id: string) => id.replace(/\.(tsx?|json)$/, '')
  for (const chunk of chunks) if (chunk.facadeModuleId) bySource.set(sourceKey(chunk.facadeModuleId), chunk)
  // A module placed in a group chunk (vite.config.ts) is found through the chunk that holds it.
  for (const chunk of chunks) for (const id of chunk.moduleIds ?? []) if (!bySource.has(sourceKey(id))) bySource.set(sourceKey(id), chunk)
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))

  // What index.html already preloads: the entry and its static imports.
  const preloaded = new Set<string>()
  const closure = (fileName: string, into: Set<string>) => {
    if (into.has(fileName) || preloaded.has(fileName)) return
    into.add(fileName)
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into)
  }
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, preloaded)

  const files: string[] = []
  const fileIndex = new Map<string, number>()
  const indexesOf = (source: string): number[] => {
    const chunk = bySource.get(source.replace(/\.(tsx?|json)$/, ''))
    if (!chunk) return []
    const set = new Set<string>()
    closure(chunk.fileName, set)
    return [...set].map((file) => {
      if (!fileIndex.has(file)) {
        fileIndex.set(file, files.length)
        files.push(file)
      }
      return fileIndex.get(file)!
    })
  }

  const pages = pageSources()
  const pageFiles = new Map<string, number[]>()
  const namespaceFiles: Record<string, Record<string, number[]>> = {}
  for (const [key, { source, namespaces }] of pages) {
    pageFiles.set(key, indexesOf(source))
    for (const ns of namespaces) {
      namespaceFiles[ns] ??= {}
      for (const language of ['en', 'de', 'fr', 'pt']) namespaceFiles[ns][language] = indexesOf(join(clientSrc, `features/${ns}/locales/${language}`))
    }
  }
  // An app layout's shell renders without Apollo; its content area loads it (app-graphql).
  const appGraphql = indexesOf(join(clientSrc, 'app/components/app-graphql'))
  const layouts = {
    vertical: [...indexesOf(join(clientSrc, 'app/layouts/vertical-layout')), ...appGraphql],
    horizontal: [...indexesOf(join(clientSrc, 'app/layouts/horizontal-layout')), ...appGraphql],
  }
  const queries: [string, string, number][] = []
  const queryIndex = new Map<string, number>()
  const queryOf = (page: string): number => {
    const [name, graphqlFile] = FIRST_QUERIES[page] ?? []
    if (!name || !graphqlFile) return -1
    if (!queryIndex.has(name)) queryIndex.set(name, queries.push(firstQuery(name, graphqlFile)) - 1)
    return queryIndex.get(name)!
  }
  const routes = ROUTES.map((route) => {
    const pattern = `^${route.path
      .replace(/\/$/, '')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+')}/?$`
    const ns = pages.get(route.page)?.namespaces ?? []
    return [pattern, pageFiles.get(route.page) ?? [], route.meta.layout, route.meta.redirectIfLoggedIn ? 1 : 0, ns, queryOf(route.page)]
  })
  const data = JSON.stringify({ files, routes, layouts, namespaceFiles, queries })
  // Plain ES2020 in a block (its names stay local), no imports: it runs inline while the page's
  // head is parsed, before the entry.
  const code = `{const d=${data};
try{const p=location.pathname,s=localStorage,signed=!!(s.getItem('userData')&&s.getItem('accessToken')),lng=s.getItem('language')||'en';
const r=d.routes.find((x)=>new RegExp(x[0],'i').test(p));
if(r){const want=new Set(),add=(l)=>{for(const i of l||[])want.add(i)};
if(r[2]==='full'){if(!(signed&&r[3]))add(r[1])}
else if(signed){add(r[1]);add(d.layouts[s.getItem('layoutType')==='horizontal'?'horizontal':(s.getItem('layoutType')==='vertical'?'vertical':r[2])]);for(const n of r[4])add((d.namespaceFiles[n]||{})[lng])}
for(const i of want){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+d.files[i];document.head.appendChild(l)}
const q=d.queries[r[5]],t=s.getItem('accessToken');
if(q&&signed&&r[2]!=='full'){const exp=JSON.parse(atob(t.split('.')[1].replace(/-/g,'+').replace(/_/g,'/'))).exp;
if(typeof exp==='number'&&exp*1000>Date.now()+5000){const body={operationName:q[0],variables:q[2]?{userId:String(JSON.parse(s.getItem('userData')).id)}:{},query:q[1]};
globalThis.__firstQuery={body,at:Date.now(),answer:fetch('/graphql',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:${JSON.stringify(GRAPHQL_ACCEPT)},authorization:'Bearer '+t},body:JSON.stringify(body)}).then((x)=>x.status===200?x.text().then((text)=>({type:x.headers.get('content-type')||'application/json',text})):null).catch(()=>null)}}}}}catch{}}`
  if (/<\/script|<!--/i.test(code)) throw new Error('first-screen: the module cannot be inlined (it contains </script or <!--)')
  return { code }
}

/**
 * Puts the module into index.html, inline before the entry script: it needs no request of its
 * own before the page's chunks can be asked for. The server allows this exact text by its hash
 * (server/src/http/inline-script-hashes.ts).
 */
export function writeFirstScreenModule(outDir: string, bundle: OutputBundle): void {
  const { code } = firstScreenModule(bundle)
  const htmlPath = join(outDir, 'index.html')
  const html = readFileSync(htmlPath, 'utf8')
  const updated = html.replace(/(\s*)<script type="module"/, (_match, space: string) => `${space}<script>${code}</script>${space}<script type="module"`)
  if (updated === html) throw new Error('first-screen: no module script in index.html')
  writeFileSync(htmlPath, updated)
}
