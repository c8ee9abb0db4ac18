/**
 * Prints every server function of 150 lines or more (start line to end line), longest first:
 * function declarations, arrow functions, function expressions and methods in the files
 * `git ls-files ':(glob)server/src/**\/*.ts'` lists. Usage: `npx tsx scripts/function-lengths.ts
 * [--check] [--min N] [--exclude PATH_PREFIX]...`; with `--check` the exit code is 1 when any is
 * found, so the rule "no server function over about 150 lines" can hold without anyone
 * remembering it. `--exclude` (repeatable) leaves out files whose path starts with the prefix
 * (for a look at part of the code; `npm test` and `npm run lint` exclude nothing).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const args = process.argv.slice(2)
const check = args.includes('--check')
const minIndex = args.indexOf('--min')
const min = minIndex >= 0 ? Number(args[minIndex + 1]) : 150
const excluded = args.flatMap((arg, i) => (arg === '--exclude' && args[i + 1] ? [args[i + 1]!] : []))

interface Found {
  file: string
  name: string
  line: number
  lines: number
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) && node.name) {
    return node.name.getText()
  }
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText()
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`
  return '(anonymous)'
}

function lengthsIn(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: Found[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines >= min) found.push({ file, name: nameOf(node), line: start + 1, lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

// `:(glob)` so that `**/` also matches no folder: a plain pathspec would skip server/src/*.ts.
const files = execFileSync('git', ['ls-files', ':(glob)server/src/**/*.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.length > 0 && !excluded.some((prefix) => file.startsWith(prefix)))
const all = files.flatMap(lengthsIn).sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file))
for (const f of all) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
console.log(`${all.length} function(s) of ${min}+ lines in ${files.length} files`)
if (check && all.length > 0) process.exitCode = 1
