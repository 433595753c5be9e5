/**
 * The project's folder, found from this module's location upwards (the folder holding
 * package.json), so the same code finds drizzle/ and dist/web/ whether it runs from src/ through
 * tsx or from the compiled bundle in dist/server/ (`npm run serve`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
