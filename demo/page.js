/*
 * The page's script (demo/index.html): a client of the browser bundle,
 * `Maze` (dist/browser/maze.global.js), as the command line is a client of
 * the library. It reads the form into the library's options, by the
 * library's names (a field's id is its option's name), and puts each
 * MazeError's message next to the field it names; it draws the library's
 * SVG, makes the downloads with the library's render (the bytes `maze gen`
 * writes; a PNG's pixels), keeps the page's state in its address (a query
 * string of the same names), and plays the keys-and-doors game of
 * `maze play` with the bundle's `game`: the same rules, monsters and view,
 * this page being the screen. Grid shapes are the library's `shape`; a
 * mask is a file read here as `maze gen --mask` reads it, then the
 * library's `fitMask` (the game plays square mazes, and square mazes of
 * levels one floor at a time: on another grid, or with a weave or a wrap,
 * its button says why not; the growth plays every grid, levels, weave and
 * wrap too). Plain script, no
 * module: a page opened from a file may always load one.
 */
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const status = $('status');

  if (typeof Maze === 'undefined') {
    status.className = 'error';
    status.textContent = 'The maze bundle is missing: run npm install (or npm run build) in the repository, then reload.';
    return;
  }
  const { game: rules } = Maze;

  /** The page's own limit on what it draws: a bigger maze is for maze gen, whose output streams to a file. */
  const PAGE_MAX_CELLS = 1_000_000;
  /** The page's own settings (not the library's), with their defaults: the game's. */
  const GAME_FIELDS = { monsters: 'auto', monsterDelay: String(rules.MONSTER_DELAY.default) };
  /** How each render option goes to `maze gen` (the one table between the library's names and the flags). */
  const FLAGS = { algorithm: 'algo', width: 'w', height: 'h', pathColor: 'path-color', maskInvert: 'mask-invert', maskRegions: 'mask-regions', monsterDelay: 'monster-delay' };
  /** Field names of the maze itself and of its pictures, after the algorithm's own. */
  const MAZE_FIELDS = ['algorithm', 'shape', 'width', 'height', 'levels', 'weave', 'wrap', 'seed', 'difficulty', 'ends', 'from', 'to', 'braid', 'openings', 'solve'];
  /** The topology's fields (SPEC "Topologies"): levels, weave and wrap. */
  const TOPOLOGY_FIELDS = ['levels', 'weave', 'wrap'];
  /**
   * The maze's options `maze play` takes too (with the algorithms' own):
   * the same game in the terminal. The solution is not the game's, and is
   * left out; with any other option asked (a difficulty, openings, a
   * weave, a wrap, another grid) the page shows no play command.
   */
  const PLAY_OPTIONS = new Set(['algorithm', 'width', 'height', 'levels', 'seed', 'ends', 'from', 'to', 'braid', 'mask', 'maskInvert', 'maskRegions', 'solve']);
  const PICTURE_FIELDS = ['tile', 'wall', 'fg', 'bg', 'pathColor', 'theme', 'paper'];

  // ---- the form, from the library's registry -------------------------------------------------

  const algorithmSelect = $('algorithm');
  for (const algorithm of Maze.algorithms) {
    const option = new Option(algorithm.name, algorithm.name);
    option.title = algorithm.description;
    algorithmSelect.append(option);
  }
  // `maze play`'s default: a keys-and-doors maze, ready to play
  const PAGE_ALGORITHM = 'zones';
  algorithmSelect.value = PAGE_ALGORITHM;
  /**
   * The algorithms that carve every grid shape, asked of the library once
   * (a tiny hex maze each: made, or refused naming the shape), and the one
   * it takes on a shape when none is named (`maze gen --shape hex`'s, the
   * backtracker): the page's default draws squares only.
   */
  const SHAPE_ALGORITHMS = Maze.algorithms.map((a) => a.name).filter((algorithm) => {
    try {
      Maze.generate({ shape: 'hex', algorithm, width: 3, height: 3, seed: 1 });
      return true;
    } catch (error) {
      return !(error instanceof Maze.MazeError && error.option === 'shape');
    }
  });
  const SHAPE_ALGORITHM = Maze.generate({ shape: 'hex', width: 2, height: 2, seed: 1 }).info.algorithm;
  /** Whether the algorithm was picked (in the menu or by the link): a shape then keeps it, and the library says when it cannot. */
  let algorithmChosen = false;
  /** The algorithms' own options, each a field shown with the algorithm that takes it. */
  const ownFields = new Map(); // option name → { field, owners, fallback }
  for (const algorithm of Maze.algorithms) {
    for (const [name, spec] of Object.entries(algorithm.options)) {
      if (ownFields.has(name)) {
        ownFields.get(name).owners.push(algorithm.name);
        continue;
      }
      const wrap = document.createElement('div');
      wrap.className = 'field';
      const label = document.createElement('label');
      label.htmlFor = name;
      label.textContent = name[0].toUpperCase() + name.slice(1);
      let field;
      if (spec.choices) {
        field = document.createElement('select');
        for (const choice of spec.choices) field.append(new Option(choice, choice));
      } else {
        field = document.createElement('input');
        field.size = 8;
        field.autocomplete = 'off';
      }
      field.id = name;
      field.name = name;
      field.value = spec.default;
      const hint = document.createElement('small');
      hint.id = `${name}-about`;
      // the registry's words are the command line's: its flags are the fields here
      hint.textContent = spec.describe.replace(/--([a-z][\w-]*)/g, '$1');
      wrap.append(label, field, hint, errorSlot(name));
      $('own-fields').append(wrap);
      ownFields.set(name, { field, wrap, owners: [algorithm.name], fallback: spec.default });
    }
  }

  /** The element under a field where the library's message about it goes. */
  function errorSlot(name) {
    const slot = document.createElement('span');
    slot.className = 'error';
    slot.id = `error-${name}`;
    return slot;
  }
  // every field says what it is and where its error goes
  for (const field of document.querySelectorAll('#form input, #form select, #game-settings input')) {
    if (!$(`error-${field.id}`)) field.closest('.field')?.append(errorSlot(field.id));
    const described = [`${field.id}-about`, `error-${field.id}`].filter((id) => $(id));
    field.setAttribute('aria-describedby', described.join(' '));
  }

  /** Show the fields of the chosen algorithm's own options, and only those (hidden ones are out of the tab order). */
  function showOwnFields() {
    const chosen = algorithmSelect.value.trim().toLowerCase();
    const info = Maze.algorithms.find((a) => a.name === chosen);
    $('algorithm-about').textContent = info ? info.description : '';
    let any = false;
    for (const { field, wrap, owners } of ownFields.values()) {
      const shown = owners.includes(chosen);
      wrap.hidden = !shown;
      field.disabled = !shown;
      any ||= shown;
    }
    $('own-none').hidden = any;
    $('own-name').textContent = chosen;
  }
  algorithmSelect.addEventListener('change', () => {
    algorithmChosen = true;
    showOwnFields();
  });

  // ---- the grid's shape, and what a shape does without ---------------------------------------

  const shapeSelect = $('shape');
  const isSquare = () => shapeSelect.value === 'square';
  /**
   * Whether the form asks for levels, a weave or a wrap (its fields'
   * text, whatever the library will make of it): the graph algorithms'
   * default then, the backtracker, as maze gen's and maze play's.
   */
  const topologyAsked = (value = (name) => $(name).value) => TOPOLOGY_FIELDS.some((name) => {
    const text = (value(name) ?? '').trim();
    return name === 'wrap' ? text !== '' : text !== '' && Number(text) !== (name === 'levels' ? 1 : 0);
  });
  /** The algorithm the form's grid takes when none was picked: the page's keys-and-doors maze on the plain square, else maze gen's graph default. */
  const defaultAlgorithm = () => (isSquare() && !topologyAsked() ? PAGE_ALGORITHM : SHAPE_ALGORITHM);

  /** A polar grid's size is its rings: no height (the library refuses one); the game plays square mazes. */
  function showShapeFields() {
    const polar = shapeSelect.value === 'polar';
    $('height').disabled = polar;
    $('height-about').hidden = !polar;
    $('width-label').textContent = polar ? 'Width (rings)' : 'Width (cells)';
    $('shape-about').textContent = isSquare() ? '' : `the algorithms for this grid: ${SHAPE_ALGORITHMS.join(', ')}`;
    showPlayAvailable();
  }

  /**
   * Why the game cannot play the maze, or '': it plays square mazes, with
   * levels but with no weave nor wrap (the bundle's checkPlayable, asked
   * where the maze was made: `unplayable` names the option it refused),
   * within its bound (`maze play`'s, from the library).
   */
  function playRefusal() {
    const bound = rules.MAX_GAME_SIDE;
    const shown = current?.summary;
    const refused = shown?.unplayable?.option;
    if (!isSquare() || refused === 'shape') return 'The game plays square mazes: choose the square grid to play.';
    if (refused === 'weave') return 'The game plays square mazes on a plane, with levels but no weave: make weave 0 to play.';
    if (refused === 'wrap') return 'The game plays square mazes on a plane, with levels but no wrap: choose no wrap to play.';
    if (refused) return `${shown.unplayable.message}.`;
    if (shown && (shown.width > bound || shown.height > bound)) return `The game plays mazes of at most ${bound} × ${bound} cells, as maze play does; this one is ${shown.width} × ${shown.height}.`;
    return '';
  }

  /** Play says why not, when the game cannot play the maze. */
  function showPlayAvailable() {
    const why = playRefusal();
    $('play').disabled = why !== '';
    $('play-off').textContent = why;
  }
  shapeSelect.addEventListener('change', () => {
    // the default algorithm follows the grid, as maze gen's does; one picked stays
    if (!algorithmChosen) {
      algorithmSelect.value = defaultAlgorithm();
      showOwnFields();
    }
    showShapeFields();
  });
  // so does a topology: levels, weave and wrap are carved by the graph algorithms (zones grows the plain square only)
  for (const name of TOPOLOGY_FIELDS) {
    $(name).addEventListener(name === 'wrap' ? 'change' : 'input', () => {
      if (algorithmChosen || byDifficulty.checked || algorithmSelect.value === defaultAlgorithm()) return;
      algorithmSelect.value = defaultAlgorithm();
      showOwnFields();
    });
  }

  // seed 002's toggle "suggest start and end" is `ends: 'farthest'`, which the ends menu also sets
  const suggest = $('suggest');
  const endsSelect = $('ends');
  suggest.addEventListener('change', () => {
    endsSelect.value = suggest.checked ? 'farthest' : '';
    show();
  });
  endsSelect.addEventListener('change', () => (suggest.checked = endsSelect.value === 'farthest'));
  // the solving methods (SPEC "Solvers"), from the library's list: the shortest path unless another is chosen
  const methodSelect = $('method');
  for (const name of Maze.solveMethods) methodSelect.add(new Option(name, name));
  methodSelect.value = 'shortest';
  const showMethod = () => (methodSelect.disabled = !$('solve').checked);
  showMethod();
  $('solve').addEventListener('change', () => {
    showMethod();
    show();
  });
  methodSelect.addEventListener('change', () => show());
  // a maze made to a difficulty (SPEC "Analysis and difficulty"): the slider, once its toggle is on; the algorithm is then the growing tree's blend
  const difficultySlider = $('difficulty');
  const byDifficulty = $('by-difficulty');
  const showDifficulty = () => {
    difficultySlider.disabled = !byDifficulty.checked;
    algorithmSelect.disabled = byDifficulty.checked;
    $('difficulty-shown').textContent = Number(difficultySlider.value).toFixed(2);
    if (byDifficulty.checked) $('algorithm-about').textContent = 'made to the difficulty below: the growing tree, its picks blended to reach it';
    else showOwnFields();
  };
  showDifficulty();
  byDifficulty.addEventListener('change', () => {
    showDifficulty();
    show();
  });
  difficultySlider.addEventListener('input', showDifficulty);

  /** The solving method asked for, when another than the shortest path's and a solution is shown. */
  const chosenMethod = () => ($('solve').checked && methodSelect.value !== 'shortest' ? methodSelect.value : null);

  // ---- field text as the library's values -----------------------------------------------------

  /**
   * A field's text as the library takes it: numbers as numbers, a cell
   * `x,y` as [x, y], any other text as it is (the library refuses a wrong
   * one naming the field), and an empty field left out (the default).
   */
  function fieldValue(field) {
    if (field.type === 'checkbox') return field.checked ? true : undefined;
    const text = field.value.trim();
    if (text === '') return undefined;
    if (/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return Number(text);
    const cell = /^(\d+)\s*,\s*(\d+)$/.exec(text.replace(/\s+,/, ','));
    if (cell) return [Number(cell[1]), Number(cell[2])];
    return text;
  }

  /** The values of the maze's fields by the library's names; the seed stays text (7 and 007 are two seeds, as on the command line). */
  function mazeOptions() {
    const options = {};
    for (const name of MAZE_FIELDS) {
      if ($(name).disabled) continue; // polar's height
      const value = name === 'seed' ? $('seed').value.trim() || undefined : fieldValue($(name));
      if (value !== undefined && !(name === 'shape' && value === 'square')) options[name] = value;
    }
    for (const [name, { field }] of ownFields) {
      if (!field.disabled && fieldValue(field) !== undefined) options[name] = fieldValue(field);
    }
    // made to a difficulty: the growing tree at the blend that reaches it, not the algorithm chosen
    if (options.difficulty !== undefined) {
      delete options.algorithm;
      for (const name of ownFields.keys()) delete options[name];
    }
    return options;
  }

  function pictureOptions() {
    const options = {};
    for (const name of PICTURE_FIELDS) {
      const value = fieldValue($(name));
      if (value !== undefined) options[name] = value;
    }
    return options;
  }

  // ---- errors next to their fields -----------------------------------------------------------

  function clearErrors() {
    for (const slot of document.querySelectorAll('.error[id^="error-"]')) slot.textContent = '';
    for (const field of document.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
    status.className = '';
  }

  /** The library's message next to the field its option names (opening "More options" if it is there), else in the status line. */
  function showError(error, fallback = status) {
    const message = error instanceof Maze.MazeError ? error.message : String(error && error.message ? error.message : error);
    // the ends the toggle asked for are said next to the toggle
    const option = error instanceof Maze.MazeError ? (error.option === 'ends' && suggest.checked ? 'suggest' : error.option) : undefined;
    const field = option ? $(option) : null;
    const slot = field ? $(`error-${field.id}`) : null;
    if (field && slot) {
      slot.textContent = message;
      field.setAttribute('aria-invalid', 'true');
      const more = field.closest('details');
      if (more) more.open = true;
    }
    fallback.className = 'error';
    fallback.textContent = slot ? `${message} (see the field)` : message;
    return message;
  }

  // ---- a mask from a file: the maze's outline ------------------------------------------------

  /**
   * The mask uploaded, as `maze gen --mask` reads its file
   * (src/cli/commands/mask-file.ts): `{ name, cells, width, height }`, cells
   * being rows of text or `{ width, height, cells }` for the library's
   * fitMask; null for none. A file cannot go in the link.
   */
  let maskFile = null;
  /** maze gen's limits on a mask file: 64 MiB, and a picture of at most 25 000 000 pixels. */
  const MAX_MASK_FILE_BYTES = 64 * 2 ** 20;
  const MAX_MASK_PIXELS = 25_000_000;
  /** On upload the size fields take the mask's size, a picture larger than this on its longer side scaled down to it (its aspect kept). */
  const MASK_FIELD_SIDE = 80;

  const maskError = (text) => new Maze.MazeError(text, { option: 'mask' });

  /** A text mask's rows as maze gen reads them (model/mask.ts maskTextRows): `\n` or `\r\n` lines, a last line ending ending the last row. */
  function maskTextRows(text) {
    const rows = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
    return rows;
  }

  /**
   * A picture's bytes as decoded, RGBA, through a WebGL texture read back
   * as it is: a 2D canvas holds colors multiplied by their alpha, which
   * rounds a translucent pixel's (maze gen reads them as they are). Null
   * where WebGL is not to be had, or the picture is larger than a texture.
   */
  function decodedPixels(bitmap, width, height) {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return null;
    try {
      const side = gl.getParameter(gl.MAX_TEXTURE_SIZE);
      if (width > side || height > side) return null;
      gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, bitmap);
      gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, gl.getParameter(gl.TEXTURE_BINDING_2D), 0);
      if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) return null;
      const data = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data); // row 0 first: the texture's first row is the picture's top
      return gl.getError() === gl.NO_ERROR ? data : null;
    } finally {
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  }

  /** A picture's pixels, RGBA, as decoded with no color conversion (exact through WebGL; else a 2D canvas, exact for opaque pixels). */
  async function imagePixels(file) {
    let bitmap;
    try {
      bitmap = await createImageBitmap(file, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    } catch {
      // an SVG: through an <img>
      const image = new Image();
      image.src = URL.createObjectURL(file);
      try {
        await image.decode();
        bitmap = image;
      } catch {
        throw maskError(`${file.name} is not an image this browser can read, nor text`);
      } finally {
        URL.revokeObjectURL(image.src);
      }
    }
    const width = bitmap.naturalWidth ?? bitmap.width;
    const height = bitmap.naturalHeight ?? bitmap.height;
    if (width * height > MAX_MASK_PIXELS) {
      throw maskError(`${file.name} is ${width} × ${height} pixels, over the limit of ${MAX_MASK_PIXELS} pixels for a mask; scale the picture down (one pixel is one cell)`);
    }
    if (width === 0 || height === 0) throw maskError(`${file.name} has no size: give it a width and a height`);
    const exact = decodedPixels(bitmap, width, height);
    $('mask').dataset.decoder = exact ? 'webgl' : 'canvas'; // for a test: which way the bytes came
    if (exact) {
      bitmap.close?.();
      return { width, height, data: exact };
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    bitmap.close?.();
    return { width, height, data: context.getImageData(0, 0, width, height).data };
  }

  /** A mask file's cells: a picture (a PNG by its signature, or any image type) or text, as maze gen tells them. */
  async function readMask(file) {
    if (file.size > MAX_MASK_FILE_BYTES) throw maskError(`${file.name} is larger than ${MAX_MASK_FILE_BYTES} bytes (64 MiB), the most a mask file may be`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const isPng = Maze.isPng(bytes);
    // maze gen's own check, in its words: the chunks, the size (before decoding), the image data's length (model/mask-png.ts)
    if (isPng) await Maze.checkPngMask(bytes, `mask '${file.name}'`, MAX_MASK_PIXELS);
    if (isPng || file.type.startsWith('image/')) {
      const { width, height, data } = await imagePixels(file);
      const cells = new Uint8Array(width * height);
      for (let i = 0, p = 0; i < cells.length; i++, p += 4) {
        // maze gen's rule, in its integers: outside when alpha < 128 or luma 0.299 R + 0.587 G + 0.114 B < 128 (in thousandths)
        const luma = 299 * data[p] + 587 * data[p + 1] + 114 * data[p + 2];
        cells[i] = data[p + 3] >= 128 && luma >= 128_000 ? 1 : 0;
      }
      // for a test: a small mask's cells as read, to tell a decoding apart from a making
      $('mask').dataset.cells = cells.length <= 4096 ? cells.join('') : '';
      return { name: file.name, cells: { width, height, cells }, width, height };
    }
    if (bytes.includes(0)) throw maskError(`${file.name} is neither an image nor text (it holds NUL bytes): give a PNG, or a text file with X or # for the cells outside`);
    // UTF-8, a byte order mark dropped (TextDecoder's default, as maze gen's)
    const rows = maskTextRows(new TextDecoder().decode(bytes));
    if (rows.every((row) => row === '')) throw maskError(`${file.name} is empty: write one line a row of cells, X or # for the cells outside`);
    // the longest row in code points, as maze gen counts them; a loop, not a spread of every row into one call (200 000 rows overflow the stack)
    let width = 1;
    for (const row of rows) {
      let length = 0;
      for (const _ of row) length++;
      if (length > width) width = length;
    }
    return { name: file.name, cells: rows, width, height: rows.length };
  }

  /** The mask in use, or none: its name and size said under the field, the size fields set to it, the maze made. */
  async function useMask(file) {
    clearErrors();
    if (!file) {
      maskFile = null;
      $('mask').value = '';
      $('mask-clear').hidden = true;
      $('mask-about').textContent = MASK_ABOUT;
      return show();
    }
    try {
      maskFile = await readMask(file);
    } catch (error) {
      maskFile = null;
      $('mask-clear').hidden = true;
      $('mask-about').textContent = MASK_ABOUT;
      showError(error);
      status.dataset.done = 'error';
      return false;
    }
    const { width, height } = maskFile;
    const long = Math.max(width, height);
    const fitted = long <= MASK_FIELD_SIDE ? [width, height] : [width, height].map((side) => Math.max(1, Math.round((side * MASK_FIELD_SIDE) / long)));
    $('width').value = String(fitted[0]);
    if (!$('height').disabled) $('height').value = String(fitted[1]);
    const unit = Array.isArray(maskFile.cells) ? 'characters' : 'pixels';
    $('mask-about').textContent = `${file.name}: ${width} × ${height} ${unit}, ` +
      (long <= MASK_FIELD_SIDE ? 'one a cell' : `scaled to ${fitted[0]} × ${fitted[1]} cells`) + '; change the width and height to scale it (empty: its own size)';
    $('mask-clear').hidden = false;
    return show();
  }

  const MASK_ABOUT = $('mask-about').textContent;
  $('mask').addEventListener('change', () => useMask($('mask').files[0] ?? null));
  $('mask-clear').addEventListener('click', () => useMask(null));
  for (const id of ['maskInvert', 'maskRegions']) $(id).addEventListener('change', () => maskFile && show());

  // ---- the maze, its picture, its downloads and its link ---------------------------------------

  /** The maze shown, and what it was made from. */
  let current = null;
  /** A remake waiting for the fields to settle (its timer), 0 for none. */
  let pending = 0;
  let generation = 0;
  const blobUrls = new Map();

  function fileName(seed, extension) {
    // a seed is any text: what a file name may not hold becomes _
    return `maze-${seed.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'maze'}.${extension}`;
  }

  function setDownload(format, bytes, type) {
    const link = $(`download-${format}`);
    const old = blobUrls.get(format);
    if (old) URL.revokeObjectURL(old);
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    blobUrls.set(format, url);
    link.href = url;
    link.dataset.ready = String(generation);
  }

  const TYPES = { png: 'image/png', svg: 'image/svg+xml', pdf: 'application/pdf', json: 'application/json' };

  /** The page's state as a query: every option under the library's name, when it differs from the default (the size and seed always). */
  function stateQuery() {
    const query = new URLSearchParams();
    if (byDifficulty.checked) query.set('difficulty', difficultySlider.value);
    else query.set('algorithm', $('algorithm').value.trim());
    if (!isSquare()) query.set('shape', shapeSelect.value);
    for (const name of ['width', 'height', 'seed']) if (!$(name).disabled) query.set(name, $(name).value.trim());
    for (const [name, { field, fallback }] of ownFields) if (!byDifficulty.checked && !field.disabled && field.value.trim() !== fallback) query.set(name, field.value.trim());
    for (const name of [...TOPOLOGY_FIELDS, 'braid', 'ends', 'from', 'to', ...PICTURE_FIELDS]) {
      const field = $(name);
      if (field.value.trim() !== '' && field.value.trim() !== (field.dataset.default ?? '')) query.set(name, field.value.trim());
    }
    for (const name of ['openings', 'solve']) if ($(name).checked) query.set(name, 'true');
    if (chosenMethod()) query.set('method', chosenMethod());
    for (const [name, fallback] of Object.entries(GAME_FIELDS)) if ($(name).value.trim() !== fallback) query.set(name, $(name).value.trim());
    return query.toString();
  }

  /** The page's state as its address and the link to it. */
  function showLink() {
    const query = stateQuery();
    $('share').href = `?${query}`;
    try {
      history.replaceState(null, '', `?${query}`);
    } catch {
      // some browsers keep a file's address as it is; the link still holds the state
    }
  }

  /** The same maze from the command line (`maze gen`, or `maze play` for the game), flags by the one table. */
  function commandLine(options, seed, command = 'gen', after = {}) {
    const word = (text) => (/^[\w.,:+@%/#-]+$/.test(text) ? text : `'${String(text).replaceAll("'", "'\\''")}'`);
    const flag = (name) => `--${FLAGS[name] ?? name}`;
    const parts = [`maze ${command}`];
    for (const [name, value] of Object.entries({ ...options, seed, ...after })) {
      // a solving method is --solve's value
      if (name === 'solve' && chosenMethod()) parts.push('--solve', chosenMethod());
      else if (value === true) parts.push(flag(name));
      else parts.push(flag(name), word(Array.isArray(value) ? value.join(',') : String(value)));
    }
    return parts.join(' ');
  }

  /**
   * The same game in the terminal: `maze play` with the maze's options it
   * takes (the same maze for the same seed, a maze of levels one floor at a
   * time) and the game's settings; none when the game cannot play the maze
   * or maze play cannot make it.
   */
  function showPlayCommand() {
    const asked = current?.asked;
    const playable = asked && playRefusal() === '' && Object.keys(asked).every((name) => PLAY_OPTIONS.has(name) || ownFields.has(name));
    $('play-command-line').hidden = !playable;
    if (!playable) return;
    const { solve: _solution, ...options } = asked;
    const settings = {};
    for (const [name, fallback] of Object.entries(GAME_FIELDS)) {
      const value = $(name).value.trim();
      if (value !== '' && value !== fallback) settings[name] = value;
    }
    $('play-command').textContent = commandLine(options, current.seed, 'play', settings);
  }

  // ---- the maze made in a worker: the page stays free, and Stop stops it ---------------------

  /**
   * The worker's code: the library (the bundle's own text, MazeLibrary, as
   * a page opened from a file may start a worker from a Blob but not from
   * a file), makeResult, which makes the maze asked for: its SVG, its JSON
   * (the maze, read here when needed), its numbers and what the status line
   * says of it; and mazeWorker, which answers the page with them, or with
   * the library's refusal.
   */
  async function makeResult({ options, mask, picture, method }) {
    if (mask) options.mask = Maze.fitMask(mask.cells, mask.fit);
    // the difficulty's maker walks the solvers: the page asks for it, as a library user does
    if (options.difficulty !== undefined) Maze.enableDifficulty();
    const maze = Maze.generate(options);
    // another solving method than the shortest path's: its walk, marks and filled cells drawn, its figures said
    const report = method ? Maze.solve(maze, { method }) : null;
    const svg = new TextDecoder().decode(await Maze.render(maze, 'svg', picture));
    const json = await Maze.render(maze, 'json');
    // the game's verdict on a graph maze (another grid; levels with a weave or a wrap): the option it cannot play, said by the Play button
    let unplayable = null;
    if (maze.shapeName) {
      try {
        Maze.game.checkPlayable(maze);
      } catch (error) {
        if (!(error instanceof Maze.MazeError)) throw error;
        unplayable = { option: error.option, message: error.message };
      }
    }
    const summary = {
      unplayable,
      seed: maze.info.seed, algorithm: maze.info.algorithm, info: maze.info, width: maze.width, height: maze.height,
      shapeName: maze.shapeName ?? null, start: maze.start ?? null, end: maze.end ?? null,
      keys: maze.keys ? maze.keys.length : 0, solution: maze.solution ? maze.solution.length : null,
      method: report ? { name: report.method, found: report.found, steps: report.steps, visited: report.visited } : null,
      // the maze's score (SPEC "Analysis and difficulty") up to 100 × 100 cells, where walking its solvers takes a moment (tens of milliseconds)
      difficulty: maze.cellCount <= 10_000 ? Maze.analyze(maze).difficulty : null,
    };
    return { svg, json, summary, stats: Maze.stats(maze) };
  }
  function mazeWorker() {
    self.onmessage = async ({ data }) => {
      try {
        const result = await makeResult(data);
        self.postMessage(result, [result.json.buffer]);
      } catch (error) {
        const refused = error instanceof Maze.MazeError;
        self.postMessage({ error: { message: String(error && error.message ? error.message : error), option: refused ? error.option : undefined, code: refused ? error.code : undefined, refused } });
      }
    };
  }
  const WORKER_URL = typeof MazeLibrary === 'function' && typeof Worker === 'function'
    ? URL.createObjectURL(new Blob([`var Maze = (${MazeLibrary})();\n${makeResult}\n(${mazeWorker})();\n`], { type: 'text/javascript' }))
    : null;
  /** The worker making a maze now, with its promise's settle functions; none when idle. */
  let making = null;
  /** Stopped by the user (Stop) or by a newer maze asked for: not an error to show. */
  const STOPPED = new Error('stopped');

  /** The maze the form asks for, made off the page's thread (or on it where no worker can be had). */
  function makeMaze(request) {
    stopMaking();
    if (!WORKER_URL) return makeResult(request); // the same, here
    const worker = new Worker(WORKER_URL);
    const stop = $('stop');
    return new Promise((resolve, reject) => {
      making = { worker, reject };
      // Stop shows once the maze takes longer than a moment
      const shown = setTimeout(() => {
        stop.hidden = false;
        status.className = '';
        status.textContent = 'Making the maze… (the page stays yours: Stop gives up)';
      }, 300);
      const done = () => {
        clearTimeout(shown);
        stop.hidden = true;
        worker.terminate();
        if (making?.worker === worker) making = null;
      };
      making.done = done;
      worker.onmessage = ({ data }) => {
        done();
        if (!data.error) return resolve(data);
        const { message, option, code, refused } = data.error;
        reject(refused ? new Maze.MazeError(message, { option, code }) : new Error(message));
      };
      worker.onerror = (event) => {
        done();
        event.preventDefault();
        reject(new Error(event.message || 'the maze could not be made'));
      };
      worker.postMessage(request);
    });
  }

  /** Stop the maze being made, if any. */
  function stopMaking() {
    if (!making) return false;
    const { reject, done } = making;
    done();
    reject(STOPPED);
    return true;
  }

  $('stop').addEventListener('click', () => {
    if (!stopMaking()) return;
    generation++; // what was being made is forgotten
    status.className = '';
    status.textContent = 'Stopped: no maze was made. Change the fields (a smaller size, fewer zones) and generate again.';
    status.dataset.done = 'stopped';
  });

  /** No maze for these values: the message, and no picture or downloads of a maze the form no longer asks for. */
  function refuse(error) {
    showError(error);
    status.dataset.done = 'error';
    current = null;
    resetGrowth();
    $('result').hidden = true;
    return false;
  }

  /** Make the maze the form asks for and show it; returns whether it was made. */
  async function show() {
    if (playing) endGame('quit', 'You left the game: a new maze was made.');
    clearErrors();
    const started = performance.now();
    generation++;
    const options = mazeOptions();
    // `maze gen`'s words for the same maze: the mask by its file's name, with its size as given
    const asked = { ...options };
    const width = typeof options.width === 'number' ? options.width : (maskFile?.width ?? 0);
    const height = options.shape === 'polar' ? width : typeof options.height === 'number' ? options.height : (maskFile?.height ?? 0);
    if (width * height > PAGE_MAX_CELLS) {
      const size = options.shape === 'polar' ? `${width} rings, about ${width} × ${width} cells,` : `${width} × ${height}`;
      return refuse(new Maze.MazeError(`this page draws mazes of at most ${PAGE_MAX_CELLS} cells, and ${size} is ${width * height}; maze gen makes larger ones`, { option: 'width' }));
    }
    const picture = pictureOptions();
    const made = generation;
    let result;
    try {
      let fit = null;
      if (maskFile) {
        // fitted as `maze gen --mask` fits its file: to the width and height given (one kept in the mask's aspect, neither its own size);
        // over another grid, laid over its picture at its own size, the maze's size the fields'
        const shaped = options.shape !== undefined && options.shape !== 'square';
        fit = shaped ? { shape: options.shape } : { width: options.width, height: options.height };
        if ($('maskInvert').checked) fit.maskInvert = asked.maskInvert = true;
        if ($('maskRegions').value !== 'one') fit.maskRegions = asked.maskRegions = $('maskRegions').value;
        options.mask = Maze.fitMask(maskFile.cells, fit);
        if (!shaped) {
          delete options.width;
          delete options.height;
        }
        asked.mask = maskFile.name;
      }
      // made in the worker, the page free meanwhile (the mask fitted there again from its cells: a Mask is no message)
      const { mask: _fitted, ...plain } = options;
      result = await makeMaze({ options: plain, mask: fit ? { cells: maskFile.cells, fit } : null, picture, method: chosenMethod() });
    } catch (error) {
      if (made !== generation) return false; // another maze was asked for meanwhile
      return refuse(error);
    }
    if (made !== generation) return false;
    const { svg, summary, stats } = result;
    const json = result.json;
    let parsed = null;
    const maze = summary;
    // a drawn seed goes in the field, so that the link and the command make this maze again
    $('seed').value = summary.seed;
    current = {
      summary,
      json,
      // the maze itself, read from its JSON when first needed (a PNG, a PDF, the game): the worker's maze, byte for byte;
      // a solving method's drawing (its walk, marks, filled cells) is no part of the JSON, which names the method: drawn again, as maze render does
      get maze() {
        if (parsed === null) {
          parsed = Maze.parseAny(new TextDecoder().decode(json), 'the maze made');
          if (summary.method) Maze.solve(parsed, { method: summary.method.name });
        }
        return parsed;
      },
      picture,
      seed: summary.seed,
      // the growth shows the method's own steps after the maze's (the library's steps() with solve: the method)
      options: { ...options, seed: summary.seed, ...(summary.method ? { solve: summary.method.name } : {}) },
    };
    resetGrowth();
    $('picture').innerHTML = svg.replace(/^<\?xml[^>]*>\s*/, '');
    // the maze on a mat of its own background (the theme's, or bg), so that its border shows on any page
    $('picture').style.backgroundColor = /<rect [^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1] ?? '#000000';
    setDownload('svg', svg, TYPES.svg);
    setDownload('json', json, TYPES.json);
    for (const format of ['png', 'pdf']) {
      // a link all the same (focusable, followed from the keyboard): its click makes the file
      $(`download-${format}`).href = `#download-${format}`;
      delete $(`download-${format}`).dataset.ready;
    }
    for (const format of Object.keys(TYPES)) $(`download-${format}`).download = fileName(summary.seed, format);
    $('download-status').textContent = '';
    $('result').hidden = false;

    showLink();
    $('share-about').hidden = !maskFile;
    delete asked.seed;
    for (const [name, { fallback }] of ownFields) if (asked[name] !== undefined && String(asked[name]) === fallback) delete asked[name];
    current.asked = asked;
    $('command').textContent = commandLine(asked, summary.seed);
    showGrowthAvailable();
    showPlayAvailable();
    showPlayCommand();
    const ends = maze.start && maze.end ? ` · start ${maze.start.join(',')}, end ${maze.end.join(',')}` : '';
    const grid = (!maze.shapeName || (maze.shapeName === 'square' && !options.shape) ? `${maze.width} × ${maze.height}` : maze.shapeName === 'polar' ? `polar, ${maze.width} rings` : `${maze.shapeName}, ${maze.width} × ${maze.height}`) +
      (options.levels > 1 ? `, ${options.levels} floors` : '') + (options.weave > 0 ? `, weave ${options.weave}` : '') + (options.wrap ? `, wrapped ${options.wrap}` : '');
    const outline = maskFile ? ` · in the outline of ${maskFile.name}` : '';
    status.textContent = `${maze.algorithm}, ${grid}, seed ${maze.seed}${outline}${ends} · ${stats.deadEnds} dead ends` +
      (maze.keys > 0 ? ` · ${maze.keys} keys` : '') + (maze.solution !== null ? ` · solution ${maze.solution} cells` : '') +
      (maze.method ? ` · ${maze.method.name}: ${maze.method.steps} steps, ${maze.method.visited} cells visited${maze.method.found ? '' : ', did not reach the end'}` : '') +
      (maze.difficulty !== null ? ` · difficulty ${maze.difficulty.toFixed(2)}` : '');
    status.dataset.difficulty = maze.difficulty === null ? '' : String(maze.difficulty);
    status.dataset.seed = maze.seed;
    status.dataset.ends = ends === '' ? '' : `${maze.start.join(',')} ${maze.end.join(',')}`;
    status.dataset.ms = String(Math.round(performance.now() - started));
    status.dataset.done = 'yes';
    return true;
  }

  // PNG and PDF are made when asked for (a PDF loads pdf-lib beside the bundle): the link is then followed again
  for (const format of ['png', 'pdf']) {
    const link = $(`download-${format}`);
    link.addEventListener('click', async (event) => {
      if (!current || link.dataset.ready === String(generation)) return;
      event.preventDefault();
      const made = generation;
      link.setAttribute('aria-busy', 'true');
      $('download-status').className = '';
      $('download-status').textContent = `Making the ${format.toUpperCase()}…`;
      try {
        const bytes = await Maze.render(current.maze, format, current.picture);
        if (made !== generation) return;
        setDownload(format, bytes, TYPES[format]);
        $('download-status').textContent = `${link.download}: ${bytes.length} bytes.`;
        link.click();
      } catch (error) {
        showError(error, $('download-status'));
      } finally {
        link.removeAttribute('aria-busy');
      }
    });
  }

  $('form').addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(pending);
    pending = 0;
    show();
  });
  /**
   * A changed field makes its maze, a moment after the last change (typing a
   * width makes one maze, not one a digit); Generate makes it at once. The
   * mask's file and the toggles that already made theirs are left out.
   */
  const REMAKE_DELAY_MS = 400;
  const OWN_HANDLERS = new Set(['mask', 'suggest', 'solve', 'maskInvert', 'maskRegions']);
  for (const type of ['input', 'change']) {
    $('form').addEventListener(type, (event) => {
      // during a game the form waits for Generate: a key typed in a field never ends it
      if (OWN_HANDLERS.has(event.target.id) || playing) return;
      clearTimeout(pending);
      pending = setTimeout(() => {
        pending = 0;
        show();
      }, REMAKE_DELAY_MS);
    });
  }
  $('new-seed').addEventListener('click', () => {
    $('seed').value = '';
    show();
  });

  // ---- the maze growing (seed 000's window), over the library's steps --------------------------

  /**
   * The steps of the maze shown, replayed into the picture: `at` steps are
   * asked for (the scrubber's value), and each animation frame replays up
   * to there (from the start when going back: the steps are made again,
   * the same ones, never held) and draws once, however many steps the
   * speed asked for. Nothing is counted until the growth is first asked for.
   */
  let growth = null; // { made, options, total, replay, iterator, at, playing, carry, last, frame }
  const MARK_RGB = ['', '#2a4a8a', '#6a3d7a']; // the animated files' colors: held cells, the search
  const HEAD_RGB = '#ffc820';
  const PATH_RGB = '#ff3030'; // the solution's default color
  const growPlay = $('grow-play');
  const growAt = $('grow-at');

  /** Forget the growth of the maze before (show() made another). */
  function resetGrowth() {
    if (growth) growth.playing = false;
    growth = null;
    growPlay.textContent = 'Play';
    growPlay.setAttribute('aria-pressed', 'false');
    growAt.max = '1';
    growAt.value = '1';
    growAt.removeAttribute('aria-valuetext');
    $('grow-count').textContent = 'the finished maze';
    delete $('grow-count').dataset.step;
  }

  /**
   * The library's steps tell every grid's growth (levels, weave and wrap
   * too): the controls are on for every maze shown, but where steps()
   * refuses it (at once, before any step), in its words.
   */
  function showGrowthAvailable() {
    let off = '';
    if (current) {
      try {
        Maze.steps(current.options);
      } catch (error) {
        if (!(error instanceof Maze.MazeError)) throw error;
        off = `No growth to play: ${error.message}.`;
      }
    }
    for (const id of ['grow-play', 'grow-step', 'grow-at', 'grow-speed']) $(id).disabled = !current || off !== '';
    $('growth-off').hidden = off === '';
    $('growth-off').textContent = off;
  }

  /** The growth of the maze shown, its steps counted once. */
  function prepareGrowth() {
    if (growth || !current || $('grow-play').disabled) return growth;
    let total = 0;
    for (const _ of Maze.steps(current.options)) total++;
    growth = { made: generation, options: current.options, total, replay: null, iterator: null, at: total, playing: false, carry: 0, last: 0 };
    growAt.max = String(total);
    growAt.min = '1'; // the first step is the grid
    growAt.value = String(total);
    return growth;
  }

  /** Steps a second at the speed chosen. */
  function growthRate() {
    const speed = $('grow-speed').value;
    return speed.endsWith('/s') ? Number(speed.slice(0, -2)) : growth.total / Number(speed.slice(0, -1));
  }

  function setPlaying(on) {
    growth.playing = on;
    growPlay.textContent = on ? 'Pause' : 'Play';
    growPlay.setAttribute('aria-pressed', String(on));
    if (on) growth.last = performance.now();
  }

  /** Ask for step `at`; the next animation frame draws it. */
  function growTo(at) {
    growth.at = Math.max(1, Math.min(growth.total, at));
    if (!growth.frame) growth.frame = requestAnimationFrame(growthFrame);
  }

  async function growthFrame(now) {
    const g = growth;
    if (!g || g.made !== generation) return;
    if (g.playing) {
      // a frame's time may precede the click that started playing; a long pause (a hidden tab) counts as a quarter second
      g.carry += (growthRate() * Math.max(0, Math.min(now - g.last, 250))) / 1000;
      g.last = now;
      const steps = Math.floor(g.carry);
      g.carry -= steps;
      g.at = Math.min(g.total, g.at + steps);
    }
    const shaped = Boolean(current.summary.shapeName);
    if (!g.replay || g.replay.applied > g.at) {
      g.replay = new Maze.Replay(); // every grid: a shaped grid step makes its maze, passage steps open it
      g.iterator = Maze.steps(g.options)[Symbol.iterator]();
    }
    const drawn = g.at;
    while (g.replay.applied < drawn) g.replay.apply(g.iterator.next().value);
    const { maze, marks, head } = g.replay;
    maze.info = current.summary.info; // the caption: not a step, the still maze's
    // mid-way, the path so far is drawn over the picture, and the doors once their keys are placed: the picture takes whole ones
    const { solution, doors, keys } = maze;
    const partial = drawn < g.total && solution;
    if (drawn < g.total) {
      maze.solution = null;
      const placed = (doors ?? []).every((door) => door.key === null || door.key < (keys?.length ?? 0)) && (keys ?? []).every((key) => key.door < (doors?.length ?? 0));
      if (!placed) Object.assign(maze, { doors: null, keys: null });
    }
    let svg;
    try {
      svg = new TextDecoder().decode(await Maze.render(maze, 'svg', current.picture)).replace(/^<\?xml[^>]*>\s*/, '');
    } finally {
      Object.assign(maze, { solution, doors, keys });
    }
    if (g !== growth) return;
    // the cells it works on, over the picture (never part of the maze's own)
    const { tile = 20, wall = 2 } = current.picture; // the library's defaults
    // a square's cell a square; a shaped grid's a disc at its centre, the size of its room
    const disc = (c, fill) => {
      const [x, y] = maze.shape.center(c);
      return `<circle cx="${x * tile + wall / 2}" cy="${y * tile + wall / 2}" r="${Math.max(1, (maze.shape.room * tile - wall) * 0.4)}" fill="${fill}"/>`;
    };
    const cell = shaped ? disc : (c, fill) => `<rect x="${(c % maze.width) * tile + wall}" y="${Math.floor(c / maze.width) * tile + wall}" width="${tile - wall}" height="${tile - wall}" fill="${fill}"/>`;
    const at = ([x, y]) => (shaped ? maze.shape.cellAt(x, y) : y * maze.width + x);
    let overlay = '';
    for (let c = 0; c < marks.length; c++) if (marks[c]) overlay += cell(c, MARK_RGB[marks[c]]);
    if (partial) for (const point of solution) overlay += cell(at(point), PATH_RGB);
    if (head) overlay += cell(at(head), HEAD_RGB);
    if (overlay) svg = svg.replace(/<\/svg>\s*$/, `<g id="growth-marks" opacity="0.75">${overlay}</g></svg>\n`);
    $('picture').innerHTML = svg;
    growAt.value = String(drawn);
    const words = drawn === g.total ? `step ${drawn} of ${g.total}: the finished maze` : `step ${drawn} of ${g.total}`;
    growAt.setAttribute('aria-valuetext', words);
    $('grow-count').textContent = words;
    $('grow-count').dataset.step = String(drawn);
    g.frame = 0;
    // playing: the next frame; paused: the step asked for while this one was drawn
    if (g.playing ? g.at < g.total : g.at !== drawn) g.frame = requestAnimationFrame(growthFrame);
    else if (g.playing) setPlaying(false);
  }

  growPlay.addEventListener('click', () => {
    const g = prepareGrowth();
    if (!g) return;
    if (g.playing) return setPlaying(false);
    if (g.at >= g.total) g.at = 1; // from the start again
    setPlaying(true);
    g.carry = 0;
    growTo(g.at);
  });
  $('grow-step').addEventListener('click', () => {
    const g = prepareGrowth();
    if (!g) return;
    setPlaying(false);
    growTo(g.at >= g.total ? 1 : g.at + 1);
  });
  // the scrubber counts the steps as soon as it is reached (by Tab or pointer), so that its range is the growth's
  growAt.addEventListener('focus', prepareGrowth);
  growAt.addEventListener('pointerdown', prepareGrowth);
  growAt.addEventListener('input', () => {
    const g = prepareGrowth();
    if (!g) return;
    setPlaying(false);
    growTo(Number(growAt.value));
  });

  // ---- the game (seed 003), over the bundle's game rules -------------------------------------

  let playing = null; // { game, window, started, timers }
  const gameBox = $('game');

  function gameSettings() {
    const settings = {};
    for (const [name, check] of [['monsters', rules.checkMonsterCount], ['monsterDelay', rules.checkMonsterDelay]]) {
      const value = fieldValue($(name));
      settings[name] = value === undefined ? (name === 'monsters' ? 'auto' : rules.MONSTER_DELAY.default) : check(value, name);
    }
    return settings;
  }

  const escapeHtml = (text) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
  const hex = (rgb) => `#${rgb.toString(16).padStart(6, '0')}`;
  const INK_CLASS = { [rules.Ink.Wall]: 'wall', [rules.Ink.Player]: 'player', [rules.Ink.Monster]: 'monster', [rules.Ink.Exit]: 'exit' };

  /** The window around the player in the terminal's characters, each run of an ink in its color. */
  function drawGame() {
    const { game } = playing;
    const size = rules.pageWindowSize(game.maze.width, game.maze.height);
    playing.window = rules.scrollWindow(playing.window, game, size.cols, size.rows);
    const picture = rules.drawWindow(game, playing.window);
    const lines = rules.styledLines(picture, (ink, text) => {
      if (ink >= rules.Ink.Key) return `<span class="key" style="color:${hex(rules.keyRgb(game.maze, ink - rules.Ink.Key))}">${escapeHtml(text)}</span>`;
      const name = INK_CLASS[ink];
      return name ? `<span class="${name}">${escapeHtml(text)}</span>` : escapeHtml(text);
    });
    $('game-view').innerHTML = lines.join('\n');
    gameBox.dataset.window = `${playing.window.x0},${playing.window.y0} ${playing.window.cols}x${playing.window.rows}`;
    gameBox.dataset.player = `${game.x},${game.y}`;
    $('game-moves').textContent = `Moves: ${game.moves}`;
    // a maze of levels: the floor on screen (the view draws this floor only, its stairs and, on its floor, the exit)
    $('game-floor').hidden = game.floors === null;
    $('game-stairs').hidden = game.floors === null;
    if (game.floors !== null) {
      $('game-floor').textContent = `Floor ${game.level + 1} of ${game.floors.length}`;
      gameBox.dataset.level = String(game.level);
    } else delete gameBox.dataset.level;
    tick();
  }

  function tick() {
    if (!playing) return;
    $('game-time').textContent = `Time: ${rules.formatDuration((playing.ended ?? Date.now()) - playing.started)}`;
  }

  /** The message line: what a key did, else the keys (and the floor, with levels), as the terminal's. */
  function say(text) {
    $('game-message').textContent = text ?? (playing ? rules.gameHelp(playing.game) : rules.GAME_HELP);
  }

  /** The game is over: won, caught, or left; the whole maze is shown again. */
  function endGame(outcome, text) {
    if (!playing) return;
    for (const timer of playing.timers) clearInterval(timer);
    playing.ended = Date.now();
    tick();
    say(text);
    $('game-end').textContent = text; // announced (aria-live), in words, not only in color
    gameBox.dataset.outcome = outcome;
    playing = null;
    $('result').hidden = current === null;
    $('play').textContent = 'Play again';
  }

  /** After anything moved: the end, if the game is over. */
  function settle() {
    const { game } = playing;
    if (game.outcome === 'playing') return;
    endGame(game.outcome, rules.describeEnd(game, Date.now() - playing.started));
  }

  function play(key) {
    if (!playing) return { kind: 'ignored' };
    const effect = rules.pressKey(playing.game, key);
    if (effect.kind === 'quit') {
      endGame('quit', rules.describeLeave(playing.game));
    } else if (effect.kind === 'turn') {
      if (effect.message !== undefined) say(effect.message);
      drawGame();
      settle();
    }
    return effect;
  }

  async function startPlaying() {
    clearErrors();
    let settings;
    try {
      settings = gameSettings();
    } catch (error) {
      showError(error, $('game-end'));
      return;
    }
    if (playing) endGame('quit', 'You left the game.');
    // the maze of the form: the one shown when the form has not changed since (read again from its JSON, a fresh one
    // for a new game), else made now
    if (!current || pending !== 0 || making) {
      clearTimeout(pending);
      pending = 0;
      if (!(await show())) return;
    }
    const why = playRefusal();
    if (why !== '') {
      $('game-end').textContent = why;
      return;
    }
    let game;
    try {
      // a square maze, or a maze of levels played one floor at a time
      game = rules.startAnyGame(Maze.parseAny(new TextDecoder().decode(current.json), 'the maze made'), settings.monsters, current.seed, settings.monsterDelay);
    } catch (error) {
      showError(error, $('game-end')); // over the game's bound, as maze play says it
      return;
    }
    playing = { game, window: null, started: Date.now(), ended: null, timers: [] };
    // the whole maze is not shown while playing: only the window around the player
    $('result').hidden = true;
    gameBox.hidden = false;
    gameBox.dataset.outcome = 'playing';
    $('game-end').textContent = '';
    $('play').textContent = 'Restart';
    // fewer monsters than asked (too few cells far enough from the start: with levels, on the start's floor) is said at once, as the terminal says it
    say(rules.describeMonsters(game));
    drawGame();
    const state = playing;
    if (game.monsters.length > 0) {
      state.timers.push(setInterval(() => {
        if (playing !== state) return;
        rules.moveMonsters(game);
        drawGame();
        settle();
      }, settings.monsterDelay));
    }
    state.timers.push(setInterval(tick, 250));
    settle();
    gameBox.focus();
  }

  $('play').addEventListener('click', startPlaying);
  // the terminal's command and the link follow the game's settings (they make no new maze)
  $('game-settings').addEventListener('input', () => {
    showPlayCommand();
    if (current) showLink();
  });
  // the game's keys act only while it has the focus: typing x in a field never quits
  gameBox.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !playing) return;
    const key = rules.keyFromDom(event.key);
    // Tab leaves the game; Enter and Space press the on-screen button they are on (and on the game itself, Space does not scroll)
    if (event.key === ' ' && event.target === gameBox) event.preventDefault();
    if (key.name === 'tab' || key.name === 'enter' || event.key === ' ') return;
    if (play(key).kind !== 'ignored') event.preventDefault(); // the arrows move the player, not the page
  });
  for (const button of document.querySelectorAll('#game button[data-key]')) {
    button.addEventListener('click', () => play(rules.keyFromDom(button.dataset.key)));
  }

  // ---- the page's state from its address ------------------------------------------------------

  /** Put a value in a field; a menu takes a value it does not list as one more entry, which the library then refuses naming it. */
  function setField(field, value) {
    if (field.type === 'checkbox') {
      field.checked = !['false', '0', ''].includes(value.trim().toLowerCase());
      return;
    }
    if (field.tagName === 'SELECT' && ![...field.options].some((o) => o.value === value)) {
      const known = [...field.options].find((o) => o.value.toLowerCase() === value.trim().toLowerCase());
      if (known) value = known.value;
      else field.append(new Option(`${value} (from the link)`, value));
    }
    field.value = value;
  }

  const query = new URLSearchParams(location.search);
  // the page's first links: ends=1 and solution=1
  if (query.get('ends') === '1') query.set('ends', 'farthest');
  if (query.has('solution') && !query.has('solve')) query.set('solve', query.get('solution') === '0' ? 'false' : 'true');
  query.delete('solution');
  if (query.has('shape')) setField(shapeSelect, query.get('shape'));
  // a link without an algorithm on another grid gets that grid's default, as maze gen --shape does
  if (query.has('algorithm')) setField(algorithmSelect, query.get('algorithm'));
  else if (!isSquare() || (!query.has('difficulty') && topologyAsked((name) => query.get(name)))) algorithmSelect.value = SHAPE_ALGORITHM;
  algorithmChosen = query.has('algorithm');
  showOwnFields();
  showShapeFields();
  const unknown = [];
  for (const [name, value] of query) {
    if (name === 'algorithm' || name === 'shape' || name === 'play') continue;
    const field = $(name);
    if (name === 'mask') unknown.push('mask (a file: upload it)');
    else if (name === 'maskInvert' || name === 'maskRegions') unknown.push(`${name} (applies to a mask: upload one)`);
    else if (!field || !field.closest('#form, #game-settings') || !field.name) unknown.push(`${name} (not an option)`);
    else if (name === 'method') setField(field, value); // waits for solve, wherever it is in the link
    else if (name === 'difficulty') {
      byDifficulty.checked = true;
      setField(field, value);
    }
    else if (name === 'height' && field.disabled) unknown.push('height (a polar maze has none: its size is its rings)');
    else if (field.disabled) unknown.push(`${name} (not an option of ${algorithmSelect.value})`);
    else setField(field, value);
  }
  suggest.checked = endsSelect.value === 'farthest';
  showMethod();
  showOwnFields();
  showDifficulty();
  show().then((made) => {
    if (made && unknown.length > 0) status.textContent += ` · left out of the link: ${unknown.join(', ')}`;
    if (made && query.get('play') === 'true') startPlaying();
  });
})();
