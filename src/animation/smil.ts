/**
 * The animated SVG's clock (SMIL, no script), for square and shaped mazes
 * alike: the loop is the growth frames then the held finished maze; an
 * element is shown over frames [from, to) by a discrete <animate> of its
 * `display`, looping with the whole. The growth group is hidden but while
 * the growth frames last, the still picture's group shown only after, and
 * both attributes say so without the animation: a viewer that does not
 * animate (librsvg, thumbnails) shows the finished maze.
 */
import { HOLD_SECONDS } from './frames.js';

/** A time as a fraction of the loop, for keyTimes: six decimals, the same on every machine. */
function fraction(seconds: number, total: number): string {
  return (Math.round((seconds / total) * 1e6) / 1e6).toString();
}

export interface SmilClock {
  /** Opens the group of the growth, shown while the growth frames last. */
  growthStart: string;
  /** Opens the group of the still picture, shown in the held frame. */
  stillStart: string;
  /** A path with `attributes` and data `d` shown over growth frames [from, to): untimed when that is all of them. */
  path(attributes: string, d: string, from: number, to: number): string;
}

export function smilClock(growth: { frames: number; duration: number }): SmilClock {
  const { frames, duration } = growth;
  const total = duration + HOLD_SECONDS;
  const loop = `dur="${total}s" repeatCount="indefinite" calcMode="discrete"`;
  const at = (frame: number): string => fraction((frame * duration) / frames, total);
  return {
    growthStart: `<g display="none">\n<animate attributeName="display" values="inline;none" keyTimes="0;${at(frames)}" ${loop}/>\n`,
    stillStart: `<g>\n<animate attributeName="display" values="none;inline" keyTimes="0;${at(frames)}" ${loop}/>\n`,
    path(attributes, d, from, to) {
      if (from === 0 && to === frames) return `<path ${attributes} d="${d}"/>\n`;
      const [values, times] = from === 0 ? ['inline;none', `0;${at(to)}`] : to === frames ? ['none;inline', `0;${at(from)}`] : ['none;inline;none', `0;${at(from)};${at(to)}`];
      return `<path ${attributes} display="none" d="${d}"><animate attributeName="display" values="${values}" keyTimes="${times}" ${loop}/></path>\n`;
    },
  };
}
