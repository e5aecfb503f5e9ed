import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No function in src is longer than a reader can hold: 120 lines from its first line to its last,
 * nested functions and JSX included. Biome's noExcessiveLinesPerFunction does not see React
 * components written as arrow functions or counted with their JSX, so the span is measured here in
 * the TypeScript syntax tree. A longer function is split into parts with names that say what they
 * show or do; only data tables may be longer, and they are listed below with why.
 */
const MAX_LINES = 120;

/** Functions allowed to be longer, as "path:name", each with why. */
const ALLOWED: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent as { name?: ts.Node } | undefined;
  return parent?.name ? parent.name.getText() : "(anonymous)";
}

function longFunctions(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const key = `${name}:${functionName(node)}`;
      if (lines > MAX_LINES && !(key in ALLOWED)) found.push(`${key} (line ${first + 1}): ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const root = path.resolve(import.meta.dirname, "../..");

describe("function length", () => {
  it(`no function in src spans more than ${MAX_LINES} lines`, () => {
    const found = sourceFiles(path.join(root, "src")).flatMap((file) =>
      longFunctions(file, path.relative(root, file).split(path.sep).join("/")),
    );
    expect(found, "split these into parts with names that say what they do").toEqual([]);
  });
});
