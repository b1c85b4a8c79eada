/**
 * pdf-lib in a page, in place of load-pdf-lib.ts in the browser bundles
 * (scripts/build.mjs): its bundle, dist/browser/pdf-lib.global.js, beside
 * the maze bundle, is loaded with a script tag when a PDF is first asked
 * for. A script tag rather than import(): a page opened from a file (no
 * server) may load plain scripts beside it, and not always modules. The
 * bundle defines one global, MazePdfLib, our own name, so that another
 * copy of pdf-lib on the page (window.PDFLib) is never taken for ours.
 */
import type { PdfLib } from './load-pdf-lib.js';

/** The file of pdf-lib's bundle, beside this one, and the global it defines. */
export const PDF_LIB_FILE = 'pdf-lib.global.js';
const GLOBAL = 'MazePdfLib';

/** The little of a DOM this needs (the library is typed without the DOM's types). */
interface ScriptElement {
  src: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageDocument {
  baseURI: string;
  createElement(tag: 'script'): ScriptElement;
  head: { append(node: ScriptElement): void };
}

let loading: Promise<PdfLib> | null = null;

export function loadPdfLib(): Promise<PdfLib> {
  const scope = globalThis as unknown as { [GLOBAL]?: PdfLib; document?: PageDocument };
  const ready = scope[GLOBAL];
  if (ready) return Promise.resolve(ready);
  const page = scope.document;
  if (!page) return Promise.reject(new Error(`a PDF in maze/browser needs a page to load ${PDF_LIB_FILE} in (a document); in Node, use the 'maze' library`));
  loading ??= new Promise<PdfLib>((resolve, reject) => {
    const script = page.createElement('script');
    // beside this bundle: import.meta.url is the ES module's address, or the plain script's (build.mjs)
    script.src = new URL(PDF_LIB_FILE, import.meta.url || page.baseURI).href;
    const failed = (why: string): void => {
      loading = null; // a later PDF tries again
      reject(new Error(`could not load pdf-lib from ${script.src}: ${why}`));
    };
    script.onload = () => (scope[GLOBAL] ? resolve(scope[GLOBAL]) : failed(`it defines no ${GLOBAL}`));
    script.onerror = () => failed('the file is missing or unreadable (npm run build writes it)');
    page.head.append(script);
  });
  return loading;
}
