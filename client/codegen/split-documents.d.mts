/** Types of split-documents.mjs (a plain script codegen runs with node). */
export function splitDocuments(source: string): { main: string; modules: Map<string, string> };
export function splitFile(path: string): void;
