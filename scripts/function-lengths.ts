/**
 * Prints every server function of 150 lines or more, longest first: a TypeScript-AST walk over
 * `git ls-files 'server/src/**\/*.ts'` counting the lines of each function declaration, arrow
 * function, function expression and method (its start line to its end line, both included).
 * Usage: `npx tsx scripts/function-lengths.ts [--check] [--min N]`; with `--check` the exit code is 1
 * when any is found (the house keeps every function under 150 lines).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const args = process.argv.slice(2)
const check = args.includes('--check')
const minIndex = args.indexOf('--min')
const min = minIndex >= 0 ? Number(args[minIndex + 1]) : 150

interface Found {
  file: string
  line: number
  name: string
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

function walk(file: string): Found[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: Found[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines >= min) found.push({ file, line: start + 1, name: nameOf(node), lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const files = execFileSync('git', ['ls-files', 'server/src/**/*.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f.length > 0)
const all = files.flatMap(walk).sort((a, b) => b.lines - a.lines)
for (const f of all) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
console.log(`${all.length} function(s) of ${min}+ lines in ${files.length} files`)
if (check && all.length > 0) process.exitCode = 1
