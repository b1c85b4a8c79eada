/** Reading a saved maze, FILE.json or - for standard input, for render, solve and stats. */
import { readFile } from 'node:fs/promises';
import { IoError, UsageError } from '../errors.js';
import { parseMaze } from '../formats/json.js';
import type { RenderOptions } from '../formats/types.js';
import type { Maze } from '../model/maze.js';
import { checkWritable, describe } from '../output.js';
import { colorLevel, readRenderOptions, terminalStyle, text } from './args.js';
import { binaryOnly, resolveTarget } from './target.js';
import type { Target } from './target.js';
import type { Args, Io } from './types.js';

/** The maze named by the command's FILE positional. */
export async function readSavedMaze(args: Args, io: Io): Promise<Maze> {
  const file = text(args, 'file') ?? '-';
  return parseMaze(await readInput(file, io), file === '-' ? 'standard input' : file);
}

/** A saved maze, where it goes and how it is drawn, all checked before any writing. */
export async function openSaved(args: Args, io: Io): Promise<{ maze: Maze; target: Target; renderOptions: RenderOptions }> {
  const target = resolveTarget(args, io);
  const renderOptions = readRenderOptions(args);
  renderOptions.color = await colorLevel(args, target.path === null, io);
  const maze = await readSavedMaze(args, io);
  renderOptions.style = terminalStyle(args, renderOptions.style, target.path === null && target.format.name === 'ascii', io, maze.width);
  target.format.checkSize?.(maze.width, maze.height, renderOptions);
  if (target.path !== null) checkWritable([target.path], binaryOnly(target.format));
  return { maze, target, renderOptions };
}

async function readInput(file: string, io: Io): Promise<string> {
  try {
    if (file === '-') {
      const parts: Buffer[] = [];
      for await (const chunk of io.stdin) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      return Buffer.concat(parts).toString('utf8');
    }
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EACCES') throw new UsageError(`cannot read '${file}': ${describe(error)}`);
    throw new IoError(`cannot read '${file}': ${describe(error)}`);
  }
}
