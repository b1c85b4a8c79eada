/**
 * The part of gifenc (Matt DesLauriers' GIF encoder, MIT) the animated GIF
 * uses; the package ships no types. It is CommonJS: Node gives its exports
 * as the default export.
 */
declare module 'gifenc' {
  /** Colors as [r, g, b]. */
  export type Palette = number[][];

  export interface FrameOptions {
    /** Given with the first frame: the global color table. */
    palette?: Palette;
    /** Milliseconds; GIF stores centiseconds (rounded). */
    delay?: number;
    /** 0: loop for ever. */
    repeat?: number;
    /** Manual mode: this frame writes the screen descriptor, the color table and the loop extension. */
    first?: boolean;
    dispose?: number;
  }

  export interface Encoder {
    writeHeader(): void;
    writeFrame(index: Uint8Array, width: number, height: number, options?: FrameOptions): void;
    finish(): void;
    bytesView(): Uint8Array;
    readonly stream: { reset(): void };
  }

  interface Gifenc {
    /** `auto: false`: the caller writes the header and says which frame is first, so the stream can be emptied between frames. */
    GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): Encoder;
    quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' }): Palette;
    nearestColorIndex(palette: Palette, pixel: number[]): number;
  }

  const gifenc: Gifenc;
  export default gifenc;
}
