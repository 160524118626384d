/*
 * Caïssa Arena report: draws the page from the JSON document in #report-data (written by
 * caissa.arena.report.HtmlReport). No libraries and no network. Text from the data only ever
 * reaches the page as text nodes or attribute values, never as markup, because bot names and
 * stderr are written by the bots.
 *
 * The game viewer replays each game's moves from its start position with the movement rules of
 * RULES.md 3-4; the arena checked when writing the report that the moves replay legally.
 * URL: #game=N opens game N, #game=N&ply=P at ply P (plies as in the log, counting the opening).
 */
(function () {
  'use strict';

  const DATA = JSON.parse(document.getElementById('report-data').textContent);
  const GAMES = Array.isArray(DATA.games) ? DATA.games : [];
  const BY_NUMBER = new Map(GAMES.map(g => [g.number, g]));
  const STANDINGS = DATA.standings && Array.isArray(DATA.standings.standings) ? DATA.standings : null;
  const TOURNAMENT = DATA.tournament || null;
  const MATCH = DATA.match && typeof DATA.match === 'object' ? DATA.match : null;
  /** While a run writes the folder, the page reloads itself this often (the hash, so an open game, is kept). */
  const REFRESH_SECONDS = 5;

  const CAUSES = ['time-forfeit', 'illegal-move', 'protocol-error', 'crash', 'start-failure', 'resource-limit'];
  const TERMINATIONS = ['checkmate', 'stalemate', 'move-limit'].concat(CAUSES);
  const LABELS = {
    'checkmate': 'checkmate', 'stalemate': 'stalemate', 'move-limit': 'move limit',
    'time-forfeit': 'time forfeit', 'illegal-move': 'illegal move', 'protocol-error': 'protocol error',
    'crash': 'crash', 'start-failure': 'start failure', 'resource-limit': 'resource limit'
  };
  /** Column heads of the irregular causes in the standings, which has many columns already. */
  const SHORT_LABELS = {
    'time-forfeit': 'time', 'illegal-move': 'illegal', 'protocol-error': 'protocol', 'crash': 'crash', 'start-failure': 'start', 'resource-limit': 'limit'
  };
  const FILES = 'abcdefg';

  const label = t => Object.prototype.hasOwnProperty.call(LABELS, t) ? LABELS[t] : String(t);
  const Label = t => label(t).charAt(0).toUpperCase() + label(t).slice(1);
  const isIrregular = t => CAUSES.includes(t);
  const own = (object, key) => object !== null && typeof object === 'object'
      && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
  const $ = selector => document.querySelector(selector);

  // ------------------------------------------------------------------------------------------
  // Small helpers

  /** An element; children are nodes or strings, and strings become text, never markup. */
  function h(tag, attrs, ...children) {
    const e = document.createElement(tag);
    setAttributes(e, attrs);
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) {
        e.append(child instanceof Node ? child : String(child));
      }
    }
    return e;
  }

  /** An SVG element. */
  function svg(tag, attrs, ...children) {
    const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
    setAttributes(e, attrs);
    for (const child of children) {
      e.append(child instanceof Node ? child : String(child));
    }
    return e;
  }

  function setAttributes(e, attrs) {
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) {
        continue;
      }
      if (key.startsWith('on')) {
        e.addEventListener(key.slice(2), value);
      } else {
        e.setAttribute(key === 'className' ? 'class' : key, value === true ? '' : String(value));
      }
    }
  }

  const INTEGER = new Intl.NumberFormat('en-US');
  /** A bot that played no rated game has no rating. */
  const NO_RATING = '–';

  function fmtNumber(v) {
    if (v === null || v === undefined) {
      return '—';
    }
    if (typeof v !== 'number') {
      return typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    return Number.isInteger(v) ? INTEGER.format(v) : v.toFixed(2).replace(/\.?0+$/, '');
  }

  function fmtElo(elo, error) {
    if (typeof elo !== 'number') {
      return NO_RATING;
    }
    const rounded = Math.round(elo);
    const text = (rounded > 0 ? '+' : '') + rounded;
    return typeof error === 'number' ? text + ' ± ' + Math.round(error) : text;
  }

  function fmtMs(ms) {
    if (typeof ms !== 'number' || !isFinite(ms)) {
      return '—';
    }
    if (ms < 1) {
      return ms.toFixed(2) + ' ms';
    }
    if (ms < 100) {
      return ms.toFixed(1) + ' ms';
    }
    if (ms < 1000) {
      return Math.round(ms) + ' ms';
    }
    if (ms < 60000) {
      return (ms / 1000).toFixed(2) + ' s';
    }
    const s = Math.round(ms / 1000);
    return Math.floor(s / 60) + ' min ' + String(s % 60).padStart(2, '0') + ' s';
  }

  /** 2025-01-31T12:00:00.123Z as 2025-01-31 12:00:00 UTC: the same for every reader. */
  function fmtTime(iso) {
    return typeof iso === 'string' ? iso.replace('T', ' ').replace(/\.\d+/, '').replace(/Z$/, ' UTC') : '—';
  }

  function plural(n, word, words) {
    return fmtNumber(n) + ' ' + (n === 1 ? word : words || word + 's');
  }

  /** Bot names in standings order, then any others the games name. */
  function botNames() {
    const names = STANDINGS ? STANDINGS.standings.map(r => String(r.name)) : [];
    const more = new Set();
    for (const g of GAMES) {
      for (const name of [g.white.name, g.black.name]) {
        if (!names.includes(name)) {
          more.add(name);
        }
      }
    }
    return names.concat([...more].sort());
  }

  // ------------------------------------------------------------------------------------------
  // Header, problems, tournament definition

  function renderHeader() {
    document.title = DATA.title + ' · Caïssa Arena report';
    $('#title').textContent = DATA.title;
    const total = STANDINGS ? STANDINGS.gamesTotal : own(TOURNAMENT, 'games');
    const played = STANDINGS ? STANDINGS.gamesPlayed : GAMES.length;
    const complete = STANDINGS ? STANDINGS.complete === true : typeof total === 'number' && GAMES.length >= total;
    const status = $('#status');
    if (MATCH) {
      renderMatchStatus(status);
      $('#meta').textContent = headerMeta().join(' · ');
      return;
    }
    status.append(h('span', {className: 'pill ' + (complete ? 'done' : 'running')}, complete ? 'complete' : 'in progress'),
        typeof total === 'number' ? fmtNumber(played) + ' of ' + plural(total, 'game') + ' played' : plural(played, 'game') + ' played',
        played === GAMES.length ? '' : ' · ' + plural(GAMES.length, 'game log') + ' in this report');
    if (typeof total === 'number' && total > 0) {
      $('#progress').hidden = false;
      $('#progress .bar').style.width = Math.min(100, 100 * played / total) + '%';
    }
    $('#meta').textContent = headerMeta().join(' · ');
  }

  function headerMeta() {
    const meta = [];
    if (own(TOURNAMENT, 'startedAt')) {
      meta.push('started ' + fmtTime(TOURNAMENT.startedAt));
    }
    if (STANDINGS && STANDINGS.updatedAt) {
      meta.push('standings of ' + fmtTime(STANDINGS.updatedAt));
    }
    meta.push('report written ' + fmtTime(DATA.generatedAt));
    meta.push('arena ' + (own(TOURNAMENT, 'arenaVersion') || own(MATCH, 'arenaVersion') || DATA.arenaVersion));
    meta.push('folder ' + DATA.folder);
    return meta;
  }

  // ------------------------------------------------------------------------------------------
  // Settings in plain words: the time control, openings and seed in the header

  /** A duration as written in the files ("30s", "500ms"), in words; null or absent is none. */
  function fmtDuration(value, none) {
    return value === null || value === undefined || value === '' ? none : String(value);
  }

  /** "10s per game, no cap per move, no increment, 1s for the first reply (not charged)". */
  function describeClock(tc) {
    if (!tc || typeof tc !== 'object') {
      return null;
    }
    // The clock's own fields only: the tournament's definition holds them among every other
    // setting, which the folded settings at the end show.
    const zero = v => !v || /^0(\.0+)?(ms|s|m|h)$/.test(String(v));
    const parts = [fmtDuration(tc.timePerGame, '?') + ' per game',
      tc.timePerMove ? tc.timePerMove + ' at most per move' : 'no cap per move',
      zero(tc.increment) ? 'no increment' : '+' + tc.increment + ' per move',
      fmtDuration(tc.firstMoveAllowance, '0s') + ' extra for the first reply (not charged)'];
    if (!zero(tc.timeMargin)) {
      parts.push(tc.timeMargin + ' of margin for the machine');
    }
    if (tc.clock === 'cpu') {
      parts.push('CPU time counted');
    }
    return parts.join(', ');
  }

  /** camelCase field names in words: timePerMove is "Time per move". */
  function humanize(key) {
    const words = String(key).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  function renderTimeControl() {
    const definition = own(TOURNAMENT, 'definition');
    const settings = own(MATCH, 'settings');
    const clock = settings ? describeClock(settings.timeControl) : definition ? describeClock(definition) : null;
    const line = $('#time-control');
    if (!clock) {
      line.hidden = true;
      return;
    }
    line.replaceChildren(h('b', null, 'Time control: '), clock);
    const openings = describeOpenings(settings || definition);
    if (openings) {
      const o = $('#openings-line');
      o.hidden = false;
      o.replaceChildren(h('b', null, 'Openings: '), openings);
    }
  }

  /**
   * "the book caissa.txt, 1,000 lines, in the book's order, seed 1": the book's name, its size,
   * the order and the seed; never its lines (the page embeds only their number).
   */
  function describeOpenings(source) {
    if (!source || typeof source !== 'object') {
      return null;
    }
    const book = own(source, 'openings');
    const seed = own(source, 'seed');
    if (book && typeof book === 'object') {
      const file = String(own(book, 'file') || '?');
      const lines = own(book, 'lines');
      const count = typeof lines === 'number' ? lines : Array.isArray(lines) ? lines.length : null;
      const order = own(book, 'order') === 'random' ? 'in a random order' : 'in the book\'s order, from its first line';
      const bookSeed = own(book, 'seed') !== undefined && own(book, 'seed') !== null ? book.seed : seed;
      return 'the book ' + file.split('/').pop() + (count !== null ? ', ' + plural(count, 'line') : '') + ', ' + order
          + (bookSeed !== undefined && bookSeed !== null ? ', seed ' + bookSeed : '');
    }
    const plies = own(source, 'openingPlies');
    if (typeof plies === 'number') {
      return (plies === 0 ? 'none: every game starts from the initial position'
          : plural(plies, 'random ply', 'random plies') + ' from the initial position')
          + (seed !== undefined && seed !== null ? ', seed ' + seed : '');
    }
    return null;
  }

  /** "Swiss of 12 bots, 5 rounds, then a final of the top 4 (2 games a pair)": the format and the bots in words. */
  function describeFormat(d) {
    const bots = Array.isArray(d.bots) ? d.bots.map(b => String(b.name)) : [];
    const n = bots.length;
    const pairs = typeof d.gamesPerPair === 'number' ? plural(d.gamesPerPair, 'game') + ' a pair' : null;
    let text;
    if (d.format === 'gauntlet') {
      const engines = Array.isArray(d.engines) ? d.engines.map(String) : [];
      text = 'Gauntlet: ' + engines.join(', ') + ' against the other ' + plural(n - engines.length, 'bot') + (pairs ? ', ' + pairs : '');
    } else if (d.format === 'swiss') {
      const fin = own(d, 'final');
      text = 'Swiss of ' + plural(n, 'bot') + ', ' + plural(d.rounds, 'round') + (pairs ? ' (' + pairs + ')' : '')
          + (fin && typeof fin === 'object' ? ', then a final round robin of the top ' + fin.top + ' ('
              + plural(fin.gamesPerPair, 'game') + ' a pair)' : '');
    } else {
      text = 'Round robin of ' + plural(n, 'bot') + (pairs ? ', ' + pairs : '');
    }
    const variant = own(d, 'variant') === 'hexcaissa' ? 'HexCaïssa' : 'Caïssa';
    return variant + ' · ' + text + (n && n <= 16 ? ': ' + bots.join(', ') : '');
  }

  /** Bytes as people write them: 1 GiB, 64 MiB. */
  function fmtBytes(n) {
    const units = [['GiB', 1 << 30], ['MiB', 1 << 20], ['KiB', 1 << 10]];
    for (const [unit, size] of units) {
      if (n >= size && n % size === 0) {
        return fmtNumber(n / size) + ' ' + unit;
      }
    }
    return fmtNumber(n) + ' bytes';
  }

  function describeLimits(l) {
    return fmtBytes(l.memoryBytes) + ' of memory, ' + plural(l.processes, 'process', 'processes') + ', '
        + plural(l.openFiles, 'open file') + ', files up to ' + fmtBytes(l.fileSizeBytes) + ', ' + fmtBytes(l.scratchBytes)
        + ' of scratch space';
  }

  /** The format and bots, then the sandbox and limits, in words in the header; every setting stays one click away. */
  function renderSettingsInWords() {
    const definition = own(TOURNAMENT, 'definition');
    if (definition && typeof definition === 'object') {
      const line = $('#format-line');
      line.hidden = false;
      line.replaceChildren(h('b', null, 'Format: '), describeFormat(definition));
    }
    if (definition && typeof definition === 'object') {
      const link = h('a', {href: '#settings', id: 'settings-link', onclick: () => { $('#settings').open = true; }},
          'every setting');
      $('#meta').append(' · ', link);
    }
    const held = describeHeld(Array.isArray(DATA.held) ? DATA.held : []);
    if (held) {
      const line = $('#sandbox-line');
      line.hidden = false;
      line.replaceChildren(h('b', null, 'Bots held: '), held);
    }
  }

  /** One way of holding a bot in words: "bubblewrap and cgroup v1", "plain processes, limits watched: no sandbox". */
  function describeWay(way) {
    const limits = {'cgroup-v1': 'cgroup v1', 'cgroup-v2': 'cgroup v2'};
    if (way.sandbox === 'bwrap') {
      return own(limits, way.limitsBy) ? 'bubblewrap and ' + limits[way.limitsBy]
          : way.limitsBy === 'watchdog' ? 'bubblewrap, limits watched' : 'bubblewrap, no limits enforced';
    }
    if (way.sandbox === 'none') {
      return (own(limits, way.limitsBy) ? 'plain processes in ' + limits[way.limitsBy]
          : way.limitsBy === 'watchdog' ? 'plain processes, limits watched' : 'plain processes, no limits enforced')
          // What such a bot could reach, as doctor's reach line says it (see the organiser's guide).
          + ': no sandbox (a bot could reach what its user can: nobody where the arena ran as root, else the'
          + ' arena\'s own user; not for bots you do not trust)';
    }
    if (way.sandbox === 'unrecorded') {
      return 'not recorded in the game logs';
    }
    return String(way.sandbox) + ', ' + String(way.limitsBy);
  }

  /**
   * How the bots were held, as the game logs recorded it (not what was asked): "bubblewrap and
   * cgroup v1 for every bot", or each way with its share of the bots' starts.
   */
  function describeHeld(held) {
    const started = held.filter(w => w.sandbox !== 'not-started');
    const never = held.filter(w => w.sandbox === 'not-started').reduce((n, w) => n + w.starts, 0);
    const all = held.reduce((n, w) => n + w.starts, 0);
    if (all === 0) {
      return null;
    }
    // Each game has two seats; a seat whose bot could not start was held by nothing.
    let text;
    if (started.length === 1) {
      text = describeWay(started[0]) + (never === 0 ? ' for every bot' : ' for every bot that started');
    } else {
      text = started.map((w, k) => describeWay(w) + (k === 0 ? ' in ' + fmtNumber(w.starts) + ' of ' + plural(all, 'seat')
          : ' in ' + fmtNumber(w.starts))).join(', ');
    }
    if (never > 0) {
      text += '; no bot started in ' + (started.length === 1 ? fmtNumber(never) + ' of ' + plural(all, 'seat')
          : fmtNumber(never)) + ' (start failures)';
    }
    const parts = [text];
    const isolation = own(TOURNAMENT, 'isolation');
    const limits = isolation && typeof isolation === 'object' ? own(isolation, 'limits') : null;
    return parts.join('; ') + (limits && typeof limits.memoryBytes === 'number'
        ? ' · ' + fmtBytes(limits.memoryBytes) + ' of memory and ' + plural(limits.processes, 'process', 'processes') + ' each'
        : '');
  }

  function renderProblems() {
    const problems = (DATA.problems || []).slice();
    if (MATCH) {
      // A match folder has no standings nor tournament.json by design.
    } else if (!STANDINGS) {
      problems.unshift(DATA.standings ? 'standings.json has no standings list.'
          : 'standings.json is not there yet: the tables below count the game logs that are.');
    }
    if (!TOURNAMENT && !MATCH) {
      problems.unshift('tournament.json is not there (or could not be read): the tournament settings are unknown.');
    }
    // The bots that could not play when the run started, and what the run did with them.
    const broken = Array.isArray(own(TOURNAMENT, 'broken')) ? TOURNAMENT.broken : [];
    for (const b of broken) {
      problems.push(String(b.name) + (b.handling === 'exclude' ? ' was left out of the schedule'
          : ' lost each of its games by start failure, without being started') + ': it could not play. ' + String(b.problem));
    }
    if (problems.length === 0) {
      return;
    }
    const section = $('#problems');
    section.hidden = false;
    section.querySelector('h2').textContent = (DATA.problems || []).length > 0 ? 'Left out of this report' : 'Notes';
    // A class's Swiss may have many broken bots: the first notes are shown, the rest folded, so
    // that the standings still start on the first screen.
    const SHOWN = 3;
    section.querySelector('ul').append(...problems.slice(0, SHOWN).map(p => h('li', null, p)));
    if (problems.length > SHOWN) {
      section.append(h('details', {id: 'more-problems'}, h('summary', null, plural(problems.length - SHOWN, 'more note')),
          h('ul', null, problems.slice(SHOWN).map(p => h('li', null, p)))));
    }
  }

  function renderDefinition() {
    const definition = own(TOURNAMENT, 'definition');
    const dl = $('#definition');
    if (!definition || typeof definition !== 'object') {
      dl.replaceWith(h('p', {className: 'empty'}, 'No tournament.json: the settings are unknown.'));
      $('#bots').remove();
      return;
    }
    const names = {
      name: 'Name', gamesPerPair: 'Games per pair', timePerGame: 'Time per game', timePerMove: 'Cap per move',
      increment: 'Increment per move', firstMoveAllowance: 'Extra time for the first reply (not charged)',
      openingPlies: 'Random opening plies', seed: 'Seed of the openings', concurrency: 'Games at a time'
    };
    const rows = [];
    for (const [key, value] of Object.entries(definition)) {
      // The bots have a table of their own; random plies are not used with a book.
      if (key === 'bots' || (key === 'openingPlies' && own(definition, 'openings'))) {
        continue;
      }
      rows.push(h('dt', null, own(names, key) || humanize(key)), h('dd', null, plainValue(key, value)));
    }
    rows.push(h('dt', null, 'Games'), h('dd', null, fmtNumber(own(TOURNAMENT, 'games'))));
    const isolation = own(TOURNAMENT, 'isolation');
    if (isolation && typeof isolation === 'object' && isolation.limits) {
      const sandboxes = {auto: 'a bubblewrap sandbox each where it works, else plain processes',
        bwrap: 'a bubblewrap sandbox each', none: 'plain processes, no sandbox'};
      rows.push(h('dt', null, 'Sandbox asked for'), h('dd', null, own(sandboxes, isolation.sandbox) || String(isolation.sandbox)));
      rows.push(h('dt', null, 'Limits of each bot'), h('dd', null, describeLimits(isolation.limits)));
      for (const [name, l] of Object.entries(isolation.botLimits || {})) {
        rows.push(h('dt', null, 'Limits of ' + name), h('dd', null, describeLimits(l)));
      }
    }
    dl.append(...rows);
    const bots = Array.isArray(definition.bots) ? definition.bots : [];
    const table = $('#bots');
    const keys = [];
    for (const bot of bots) {
      for (const key of Object.keys(bot)) {
        if (!keys.includes(key)) {
          keys.push(key);
        }
      }
    }
    const heads = {name: 'Bot', command: 'Command', workingDir: 'Runs in', env: 'Environment'};
    table.append(h('thead', null, h('tr', null, keys.map(k => h('th', {className: 'text'}, own(heads, k) || humanize(k))))));
    table.append(h('tbody', null, bots.map(bot => h('tr', null, keys.map(k => {
      const v = own(bot, k);
      const text = k === 'workingDir' && (v === null || v === undefined || v === '.') ? 'the tournament file\'s folder'
          : Array.isArray(v) ? v.join(' ') : v === undefined ? '' : plainValue(k, v);
      return h('td', {className: k === 'name' ? 'name' : 'text'}, k === 'command' ? h('code', null, text) : text);
    })))));
  }

  /** A setting's value in words: no null, no {} and no raw JSON on the page. */
  function plainValue(key, value) {
    if (value === null || value === undefined) {
      return key === 'timePerMove' ? 'no cap' : 'none';
    }
    if (Array.isArray(value)) {
      return value.length ? value.join(' ') : 'none';
    }
    if (typeof value === 'object') {
      const entries = Object.entries(value);
      return entries.length ? entries.map(([k, v]) => k + '=' + (typeof v === 'object' ? JSON.stringify(v) : v)).join(', ') : 'none';
    }
    if (typeof value === 'boolean') {
      return value ? 'yes' : 'no';
    }
    return String(value);
  }

  // ------------------------------------------------------------------------------------------
  // Standings, crosstable, irregular losses

  function causesOf(maps) {
    const causes = CAUSES.slice();
    for (const map of maps) {
      for (const key of Object.keys(map || {})) {
        if (!causes.includes(key)) {
          causes.push(key);
        }
      }
    }
    return causes;
  }

  const STANDING_HEADS = {headToHead: 'Head-to-head'};
  const STANDING_TITLES = {headToHead: 'Points in the games against the bots tied with it on points and irregular losses'};

  function renderStandings() {
    const table = $('#standings');
    if (!STANDINGS) {
      table.replaceWith(h('p', {className: 'empty'}, 'No standings yet.'));
      return;
    }
    fillStandings(table, STANDINGS.standings);
    // A Swiss with a final: the top table is the whole tournament; the stages follow it side by
    // side (the last first), each shown whole, so that no column is hidden behind a scroll bar.
    const stages = Array.isArray(STANDINGS.stages) ? STANDINGS.stages : [];
    if (stages.length > 1) {
      table.parentNode.before(h('h3', {className: 'stage'}, 'Overall: the final\'s order, then the Swiss order'),
          h('p', {className: 'hint'}, 'Each row counts the games of every stage.'));
      const boxes = stages.slice().reverse().map(stage => {
        const other = h('table', {className: 'data', 'data-stage': String(stage.stage)});
        fillStandings(other, Array.isArray(stage.standings) ? stage.standings : []);
        return h('div', {className: 'stage-box'}, h('h3', {className: 'stage'}, 'Stage: ' + String(stage.stage)
            + (stage.rounds ? ' (' + plural(stage.rounds, 'round') + ')' : '')), other);
      });
      table.parentNode.after(h('div', {className: 'stages'}, boxes));
      table.parentNode.classList.remove('scroll');
    }
  }

  /** "swiss round 3" or "final" by game number, from the stages' batches; empty for a tournament of one stage. */
  function stageOfGame() {
    const stages = STANDINGS && Array.isArray(STANDINGS.stages) ? STANDINGS.stages : [];
    const byGame = new Map();
    if (stages.length < 2 && !stages.some(st => st.rounds)) {
      return byGame;
    }
    for (const stage of stages) {
      for (const b of Array.isArray(stage.batches) ? stage.batches : []) {
        for (let n = b.firstGame; n <= b.lastGame; n++) {
          byGame.set(n, String(stage.stage) + (b.round ? ' round ' + b.round : ''));
        }
      }
    }
    return byGame;
  }

  function fillStandings(table, rows) {
    // A cause no bot lost by is no column: the "All" column already says none.
    const causes = causesOf(rows.map(r => r.irregularByCause)).filter(c => rows.some(r => own(r.irregularByCause, c)));
    const known = ['rank', 'name', 'points', 'games', 'wins', 'draws', 'losses', 'irregularLosses', 'irregularByCause',
      'elo', 'eloError', 'sonnebornBerger'];
    const extra = [];
    for (const row of rows) {
      for (const key of Object.keys(row)) {
        // Fields of another stage's ranking (a Swiss's byes and Buchholz) are null here: no column.
        // A column with nothing to say (a head-to-head of zeros where no bots were tied) is left out too.
        if (!known.includes(key) && !extra.includes(key) && rows.some(r => r[key] !== null && r[key] !== undefined && r[key] !== 0)) {
          extra.push(key);
        }
      }
    }
    const irregularCell = v => ({text: fmtNumber(v === undefined ? 0 : v), className: v ? 'bad' : 'zero'});
    // No irregular loss in the table: no column of zeros (the section below says there were none).
    const anyIrregular = rows.some(r => r.irregularLosses);
    const columns = [
      {key: 'rank', head: '#', title: 'Rank', cell: r => r.rank},
      {key: 'name', head: 'Bot', className: 'name', cell: r => r.name},
      {key: 'points', head: 'Points', title: '2 per win, 1 per draw, 0 per loss', cell: r => h('b', null, fmtNumber(r.points))},
      {key: 'games', head: 'Games', cell: r => r.games},
      {key: 'wins', head: 'Wins', cell: r => r.wins},
      {key: 'draws', head: 'Draws', cell: r => r.draws},
      {key: 'losses', head: 'Losses', cell: r => r.losses},
      ...(anyIrregular ? [{key: 'irregularLosses', head: 'All', group: true, title: 'Irregular losses in all',
        cell: r => irregularCell(r.irregularLosses)}] : []),
      ...causes.map(c => ({key: 'irregularByCause.' + c, head: own(SHORT_LABELS, c) || label(c), group: true,
        title: 'Irregular losses by ' + label(c),
        cell: r => irregularCell(own(r.irregularByCause, c))})),
      {key: 'elo', head: 'Elo ± error', className: 'elo',
        title: 'Elo difference to the field with its 95% error margin, from the games played: games lost by start failure'
            + ' are not rated, and a bot that played none has no rating (' + NO_RATING + ')',
        cell: r => fmtElo(r.elo, r.eloError)},
      {key: 'sonnebornBerger', head: 'SB', title: 'Sonneborn-Berger score: the points of the opponents each beat, plus half of those it drew',
        cell: r => r.sonnebornBerger},
      ...extra.map(k => ({key: k, head: own(STANDING_HEADS, k) || humanize(k), title: own(STANDING_TITLES, k),
        cell: r => own(r, k)}))
    ];
    const groupSize = columns.filter(c => c.group).length;
    const top = [];
    const bottom = [];
    let groupDone = false;
    for (const c of columns) {
      const th = h('th', {title: c.title, 'data-col': c.key, className: c.className === 'name' ? 'text' : null}, c.head);
      if (c.group) {
        if (!groupDone) {
          top.push(h('th', {colspan: groupSize, className: 'span'}, 'Irregular losses'));
          groupDone = true;
        }
        bottom.push(th);
      } else {
        th.setAttribute('rowspan', '2');
        top.push(th);
      }
    }
    table.append(h('thead', null, h('tr', {className: 'group'}, top), h('tr', null, bottom)));
    table.append(h('tbody', null, rows.map(r => h('tr', {'data-bot': r.name}, columns.map(c => {
      const value = c.cell(r);
      if (value instanceof Node) {
        return h('td', {'data-col': c.key, className: c.className}, value);
      }
      if (value !== null && typeof value === 'object') {
        return h('td', {'data-col': c.key, className: value.className}, value.text);
      }
      return h('td', {'data-col': c.key, className: c.className}, typeof value === 'string' ? value : fmtNumber(value));
    })))));
  }

  function renderCrosstable() {
    const table = $('#crosstable');
    const cross = STANDINGS && STANDINGS.crosstable;
    if (!cross || typeof cross !== 'object') {
      table.replaceWith(h('p', {className: 'empty'}, 'No crosstable yet.'));
      return;
    }
    const names = botNames();
    for (const name of Object.keys(cross)) {
      if (!names.includes(name)) {
        names.push(name);
      }
    }
    const pointsOf = name => {
      const row = STANDINGS.standings.find(r => r.name === name);
      return row ? fmtNumber(row.points) : '';
    };
    table.append(h('thead', null, h('tr', null, h('th', null, '#'), h('th', {className: 'text'}, 'Bot'),
        names.map((name, i) => h('th', {className: 'col', title: name}, String(i + 1))), h('th', null, 'Points'))));
    table.append(h('tbody', null, names.map((name, i) => h('tr', {'data-bot': name},
        h('td', null, String(i + 1)), h('td', {className: 'name'}, name),
        names.map(opponent => {
          if (opponent === name) {
            return h('td', {className: 'self'});
          }
          const c = own(own(cross, name), opponent);
          if (!c || !c.games) {
            // Blank, not 0: a pair that never met (a Swiss pairs few) has no score against each other.
            return h('td', {className: 'none', title: name + ' has not played ' + opponent});
          }
          return h('td', {
            className: 'cell', 'data-opponent': opponent,
            title: name + ' against ' + opponent + ': ' + fmtNumber(c.points) + ' points in ' + plural(c.games, 'game')
                + ' (' + plural(c.wins, 'win') + ', ' + plural(c.draws, 'draw') + ', ' + plural(c.losses, 'loss', 'losses') + ')',
            onclick: () => filterGames(name, opponent, '')
          }, h('span', {className: 'pts'}, fmtNumber(c.points)),
          h('span', {className: 'wdl'}, fmtNumber(c.wins) + '–' + fmtNumber(c.draws) + '–' + fmtNumber(c.losses)));
        }),
        h('td', null, h('b', null, pointsOf(name)))))));
  }

  /** Names of the bots that lost the game irregularly (both, when neither could start). */
  function irregularLosers(g) {
    if (!isIrregular(g.termination)) {
      return [];
    }
    if (g.loser === 'both') {
      return [g.white.name, g.black.name];
    }
    return g.loser === 'white' ? [g.white.name] : g.loser === 'black' ? [g.black.name] : [];
  }

  function renderIrregular() {
    const table = $('#irregular');
    let rows;
    // Counted from the standings, unless they count none where the game logs show some (standings
    // of an older arena that held only a final's bots): the table then counts the logs.
    const fromStandings = STANDINGS ? STANDINGS.standings.map(r => ({name: r.name, total: r.irregularLosses || 0,
      by: r.irregularByCause || {}})) : null;
    if (fromStandings && (fromStandings.some(r => r.total) || !GAMES.some(g => irregularLosers(g).length))) {
      rows = fromStandings;
    } else {
      const byName = new Map(botNames().map(name => [name, {name: name, total: 0, by: {}}]));
      for (const g of GAMES) {
        for (const name of irregularLosers(g)) {
          const row = byName.get(name);
          row.total++;
          row.by[g.termination] = (own(row.by, g.termination) || 0) + 1;
        }
      }
      rows = [...byName.values()];
    }
    const causes = causesOf(rows.map(r => r.by));
    if (rows.every(r => !r.total)) {
      table.replaceWith(h('p', {className: 'empty'}, 'No irregular losses.'));
    } else {
      table.append(h('thead', null, h('tr', null, h('th', {className: 'text'}, 'Bot'), h('th', null, 'All'),
          causes.map(c => h('th', {'data-col': c}, label(c))))));
      table.append(h('tbody', null, rows.filter(r => r.total).map(r => h('tr', {'data-bot': r.name},
          h('td', {className: 'name'}, r.name), h('td', {className: 'bad'}, fmtNumber(r.total)),
          causes.map(c => {
            const n = own(r.by, c) || 0;
            return n ? h('td', {className: 'bad', 'data-col': c}, h('a', {
              href: '#games-section', title: 'Show these games',
              onclick: ev => { ev.preventDefault(); filterGames(r.name, '', c); }
            }, fmtNumber(n))) : h('td', {className: 'zero', 'data-col': c}, '0');
          })))));
    }
    renderIrregularGroups($('#irregular-games'));
  }

  // ------------------------------------------------------------------------------------------
  // Irregular losses grouped by bot and cause, each with the stderr line that explains it

  /** The sides that lost the game irregularly. */
  function irregularSides(g) {
    if (!isIrregular(g.termination)) {
      return [];
    }
    return g.loser === 'both' ? ['white', 'black'] : g.loser === 'white' || g.loser === 'black' ? [g.loser] : [];
  }

  /** The last line a bot wrote on stderr that says something (the arena's test bots announce their pid). */
  function explainingLine(player) {
    const e = player && player.stderr;
    if (!e) {
      return '';
    }
    const lines = String(e.tail || e.head || '').split(/\r?\n/).map(l => l.trim())
        .filter(l => l && !/^(child-)?pid \d+$/.test(l));
    return lines.length ? lines[lines.length - 1] : '';
  }

  /** The ply at which the game went wrong: after its last legal move, where the failing reply was due. */
  function failingPly(g) {
    return parseCfn(g.start).plies + g.moves.length;
  }

  function failingLink(g, text) {
    return h('a', {href: '#game=' + g.number + '&ply=' + failingPly(g), 'data-game': g.number,
      title: 'Open game ' + g.number + ' where it went wrong'}, text);
  }

  function renderIrregularGroups(list) {
    const groups = new Map();
    for (const g of GAMES) {
      for (const side of irregularSides(g)) {
        const name = g[side].name;
        const key = name + '\u0000' + g.termination;
        if (!groups.has(key)) {
          groups.set(key, {name: name, cause: g.termination, games: []});
        }
        groups.get(key).games.push({game: g, side: side});
      }
    }
    const sorted = [...groups.values()].sort((a, b) => b.games.length - a.games.length || a.name.localeCompare(b.name));
    for (const group of sorted) {
      const first = group.games[0];
      const explained = group.games.find(x => explainingLine(x.game[x.side])) || first;
      const line = explainingLine(explained.game[explained.side]);
      const shown = group.games.slice(0, 40);
      list.append(h('li', {'data-bot': group.name, 'data-cause': group.cause},
          h('div', {className: 'group-head'}, h('b', null, group.name), ' · ',
              h('span', {className: 'cause'}, label(group.cause)), ' · ', plural(group.games.length, 'game')),
          h('div', {className: 'example'}, 'For example ', failingLink(first.game, 'game ' + first.game.number), ': ',
              first.game.reason),
          line ? h('div', {className: 'stderr-line'}, 'Its standard error ends (game ' + explained.game.number + '): ',
              h('code', null, line)) : h('div', {className: 'stderr-line empty'}, 'Nothing on its standard error.'),
          h('div', {className: 'game-links'}, 'Games: ', ...shown.flatMap((x, k) =>
              (k ? [', '] : []).concat([failingLink(x.game, String(x.game.number))])),
              group.games.length > shown.length ? ' and ' + (group.games.length - shown.length) + ' more' : '')));
    }
  }

  // ------------------------------------------------------------------------------------------
  // The list of games: filtered by bot, opponent and termination, sorted by any column

  const STAGE_OF_GAME = stageOfGame();
  const GAME_COLUMNS = [
    {key: 'number', head: '#', value: g => g.number},
    ...(STAGE_OF_GAME.size ? [{key: 'stage', head: 'Stage', className: 'text', title: 'The stage and Swiss round of the game',
      value: g => STAGE_OF_GAME.get(g.number) || ''}] : []),
    {key: 'white', head: 'White', className: 'text', value: g => g.white.name},
    {key: 'black', head: 'Black', className: 'text', value: g => g.black.name},
    {key: 'result', head: 'Result', value: g => g.result},
    {key: 'termination', head: 'Termination', className: 'text', value: g => label(g.termination)},
    {key: 'moves', head: 'Moves', title: 'Moves the bots played (plies)', value: g => g.moves.length},
    {key: 'duration', head: 'Duration', value: g => g.durationMillis, text: g => fmtMs(g.durationMillis)}
  ];
  const list = {bot: '', opponent: '', termination: '', sortKey: 'number', descending: false, visible: GAMES.slice()};

  function renderGamesFrame() {
    const names = botNames();
    const fill = (select, values, text) => select.append(...values.map(v => h('option', {value: v}, text(v))));
    fill($('#filter-bot'), names, n => n);
    fill($('#filter-opponent'), names, n => n);
    const seen = new Set(GAMES.map(g => g.termination));
    fill($('#filter-termination'), TERMINATIONS.filter(t => seen.has(t)).concat([...seen].filter(t => !TERMINATIONS.includes(t))), label);
    $('#filter-bot').addEventListener('change', ev => { list.bot = ev.target.value; renderGameRows(); });
    $('#filter-opponent').addEventListener('change', ev => { list.opponent = ev.target.value; renderGameRows(); });
    $('#filter-termination').addEventListener('change', ev => { list.termination = ev.target.value; renderGameRows(); });
    $('#filter-clear').addEventListener('click', () => filterGames('', '', ''));

    const table = $('#games');
    table.append(h('thead', null, h('tr', null, GAME_COLUMNS.map(c => h('th', {
      'data-sort': c.key, title: (c.title ? c.title + '. ' : '') + 'Click to sort', className: c.className,
      tabindex: 0, onclick: () => sortGames(c.key),
      onkeydown: ev => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); sortGames(c.key); } }
    }, c.head)))));
    const body = h('tbody');
    body.addEventListener('click', ev => {
      const row = ev.target.closest('tr[data-game]');
      if (row && !ev.target.closest('a')) {
        openGame(Number(row.dataset.game));
      }
    });
    table.append(body);
    if (GAMES.length === 0) {
      table.after(h('p', {className: 'empty'}, 'No game logs yet.'));
    }
    renderGameRows();
  }

  function filterGames(bot, opponent, termination) {
    list.bot = bot;
    list.opponent = opponent;
    list.termination = termination;
    $('#filter-bot').value = bot;
    $('#filter-opponent').value = opponent;
    $('#filter-termination').value = termination;
    renderGameRows();
    $('#games-section').scrollIntoView({block: 'start'});
  }

  function sortGames(key) {
    list.descending = list.sortKey === key ? !list.descending : false;
    list.sortKey = key;
    renderGameRows();
  }

  function plays(g, name) {
    return g.white.name === name || g.black.name === name;
  }

  function renderGameRows() {
    const column = GAME_COLUMNS.find(c => c.key === list.sortKey);
    const sign = list.descending ? -1 : 1;
    list.visible = GAMES.filter(g => (!list.bot || plays(g, list.bot))
        && (!list.opponent || plays(g, list.opponent) && (!list.bot || list.bot !== list.opponent || g.white.name === g.black.name))
        && (!list.termination || g.termination === list.termination));
    list.visible.sort((a, b) => {
      const x = column.value(a);
      const y = column.value(b);
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order !== 0 ? sign * order : a.number - b.number;
    });
    for (const th of document.querySelectorAll('#games thead th')) {
      th.setAttribute('aria-sort', th.dataset.sort === list.sortKey ? (list.descending ? 'descending' : 'ascending') : 'none');
    }
    const fragment = document.createDocumentFragment();
    for (const g of list.visible) {
      fragment.append(h('tr', {'data-game': g.number}, GAME_COLUMNS.map(c => {
        const className = [c.className, c.key === 'termination' && isIrregular(g.termination) ? 'irregular' : null]
            .filter(Boolean).join(' ') || null;
        const text = c.text ? c.text(g) : String(c.value(g));
        return h('td', {className: className, 'data-col': c.key},
            c.key === 'number' ? h('a', {href: '#game=' + g.number}, text) : text);
      })));
    }
    $('#games tbody').replaceChildren(fragment);
    $('#games-count').textContent = 'showing ' + fmtNumber(list.visible.length) + ' of ' + plural(GAMES.length, 'game');
  }

  // ------------------------------------------------------------------------------------------
  // Positions: CFN and the movement rules of RULES.md 3-4. A board is an array of 49 CFN
  // characters indexed rank * 7 + file (a1 = 0, g7 = 48): '.' tile, '-' hole, QRBN / qrbn.

  function parseCfn(cfn) {
    const [field, side, last, plies] = String(cfn).split(' ');
    const ranks = field.split('/');
    const board = new Array(49);
    for (let row = 0; row < 7; row++) {
      for (let file = 0; file < 7; file++) {
        board[(6 - row) * 7 + file] = ranks[row][file];
      }
    }
    return {board: board, side: side, last: last, plies: parseInt(plies, 10)};
  }

  function boardField(board) {
    const ranks = [];
    for (let rank = 6; rank >= 0; rank--) {
      ranks.push(board.slice(rank * 7, rank * 7 + 7).join(''));
    }
    return ranks.join('/');
  }

  const squareIndex = name => (name.charCodeAt(1) - 49) * 7 + (name.charCodeAt(0) - 97);
  const squareName = index => FILES[index % 7] + (Math.floor(index / 7) + 1);

  /** The board after a legal move: RULES.md 3 (R, B, N) and 4 (the Queen). */
  function play(board, move) {
    const from = geometry.index(move.slice(0, 2));
    const to = geometry.index(move.slice(3, 5));
    const piece = board[from];
    const target = board[to];
    if (piece === '.' || piece === '-') {
      throw new Error('no piece on ' + move.slice(0, 2) + ' for ' + move);
    }
    const next = board.slice();
    next[to] = piece;
    if (piece === 'Q' || piece === 'q') {
      next[from] = '-';            // Atlantis: her origin tile goes; a piece on the target is captured
    } else if (target === '-') {
      next[from] = '-';            // into a hole: the piece takes its tile along
    } else if (target === '.') {
      next[from] = '.';            // onto an empty tile: a plain move
    } else {
      next[from] = target;         // onto a piece: the two exchange squares
    }
    return next;
  }

  // ------------------------------------------------------------------------------------------
  // The board, drawn once and updated in place

  const S = 64;
  const LEFT = 26;
  const TOP = 6;
  const BOTTOM = 28;
  const WIDTH = LEFT + 7 * S + 6;
  const HEIGHT = TOP + 7 * S + BOTTOM;
  const board = {svg: null, squares: [], arrow: null};

  function buildBoard() {
    const root = svg('svg', {className: 'board', id: 'board', viewBox: '0 0 ' + WIDTH + ' ' + HEIGHT, role: 'img'});
    root.append(svg('defs', null, svg('marker', {id: 'arrowhead', viewBox: '0 0 10 10', refX: 5, refY: 5,
      markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse'}, svg('path', {d: 'M 0 0 L 10 5 L 0 10 z', className: 'arrowhead'}))));
    root.append(svg('rect', {className: 'frame', x: LEFT - 5, y: TOP - 5 + 0, width: 7 * S + 10, height: 7 * S + 10, rx: 8}));
    for (let index = 0; index < 49; index++) {
      const file = index % 7;
      const rank = Math.floor(index / 7);
      const x = LEFT + file * S;
      const y = TOP + (6 - rank) * S;
      const discs = svg('g', {className: 'piece'},
          svg('circle', {className: 'disc', cx: x + S / 2, cy: y + S / 2, r: 24}),
          svg('circle', {className: 'crown', cx: x + S / 2, cy: y + S / 2, r: 19}),
          svg('text', {x: x + S / 2, y: y + S / 2 + 1}));
      const square = svg('g', {className: 'sq ' + ((file + rank) % 2 === 0 ? 'dark' : 'light'), 'data-square': squareName(index)},
          svg('rect', {className: 'base', x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 5}),
          svg('rect', {className: 'mark', x: x + 3.5, y: y + 3.5, width: S - 7, height: S - 7, rx: 4}),
          discs,
          svg('title', null, squareName(index)));
      board.squares.push(square);
      root.append(square);
    }
    board.arrow = svg('line', {className: 'arrow', 'marker-end': 'url(#arrowhead)', visibility: 'hidden'});
    root.append(board.arrow);
    for (let i = 0; i < 7; i++) {
      root.append(svg('text', {className: 'label', x: LEFT + i * S + S / 2, y: TOP + 7 * S + BOTTOM / 2 + 2}, FILES[i]));
      root.append(svg('text', {className: 'label', x: LEFT / 2 - 1, y: TOP + (6 - i) * S + S / 2}, String(i + 1)));
    }
    board.svg = root;
    $('#board-holder').append(root);
  }

  const center = index => [LEFT + (index % 7) * S + S / 2, TOP + (6 - Math.floor(index / 7)) * S + S / 2];

  function drawBoard(cells, lastMove, cfn, ply) {
    for (let index = 0; index < board.squares.length; index++) {
      const square = board.squares[index];
      const content = cells[index];
      square.setAttribute('data-content', content);
      square.removeAttribute('data-last');
      const isPiece = content !== '.' && content !== '-';
      square.classList.toggle('has-piece', isPiece);
      const pieceGroup = square.querySelector('.piece');
      if (isPiece) {
        const white = content === content.toUpperCase();
        pieceGroup.setAttribute('class', 'piece ' + (white ? 'white' : 'black') + (content.toUpperCase() === 'Q' ? ' queen' : ''));
        pieceGroup.querySelector('text').textContent = content.toUpperCase();
      }
    }
    if (lastMove) {
      const from = geometry.index(lastMove.slice(0, 2));
      const to = geometry.index(lastMove.slice(3, 5));
      board.squares[from].setAttribute('data-last', 'from');
      board.squares[to].setAttribute('data-last', 'to');
      const [x1, y1] = geometry.center(from);
      const [x2, y2] = geometry.center(to);
      const length = Math.hypot(x2 - x1, y2 - y1);
      const shorten = 22 / length;     // stop short of the piece's letter
      setAttributes(board.arrow, {x1: x1 + (x2 - x1) * 0.18, y1: y1 + (y2 - y1) * 0.18,
        x2: x2 - (x2 - x1) * shorten, y2: y2 - (y2 - y1) * shorten, visibility: 'visible'});
    } else {
      board.arrow.setAttribute('visibility', 'hidden');
    }
    board.svg.setAttribute('data-cfn', geometry.boardField(cells));
    board.svg.setAttribute('data-position', cfn);
    board.svg.setAttribute('data-ply', String(ply));
    board.svg.setAttribute('aria-label', 'Board at ply ' + ply + ': ' + geometry.boardField(cells));
  }

  // ------------------------------------------------------------------------------------------
  // The hex board of HEXCAISSA.md, for games whose log says "variant": "hexcaissa". A board is
  // an array of 61 CFN characters in the order CFN lists the cells: file a from rank 1 upwards,
  // then file b, ... (a1 = 0, a5 = 4, b1 = 5, i5 = 60). Cells are flat-topped hexagons placed by
  // their axial coordinates (q, r): q = file - 4, r = rank - 5 - min(q, 0).

  const HEX_FILES = 'abcdefghi';
  const HEX_LENGTHS = [5, 6, 7, 8, 9, 8, 7, 6, 5];
  const HEX_FIRST = HEX_LENGTHS.map((n, f) => HEX_LENGTHS.slice(0, f).reduce((a, b) => a + b, 0));
  const HEX_R = 31;                        // a cell's circumradius
  const HEX_H = Math.sqrt(3) * HEX_R;      // a cell's height: the distance to the cell above
  const HEX_LEFT = 8;
  const HEX_TOP = 8;
  const HEX_WIDTH = HEX_LEFT * 2 + 14 * HEX_R;
  const HEX_HEIGHT = HEX_TOP + 9 * HEX_H + BOTTOM;

  const hexIndex = name => HEX_FIRST[name.charCodeAt(0) - 97] + parseInt(name.slice(1), 10) - 1;

  function hexName(index) {
    let file = 0;
    while (file < 8 && HEX_FIRST[file + 1] <= index) {
      file++;
    }
    return HEX_FILES[file] + (index - HEX_FIRST[file] + 1);
  }

  function hexCenter(index) {
    const name = hexName(index);
    const q = name.charCodeAt(0) - 101;
    const r = parseInt(name.slice(1), 10) - 5 - Math.min(q, 0);
    return [HEX_LEFT + HEX_R + (q + 4) * 1.5 * HEX_R, HEX_TOP + HEX_H / 2 + (4 - r - q / 2) * HEX_H];
  }

  function hexParseCfn(cfn) {
    const [field, side, last, plies] = String(cfn).split(' ');
    return {board: field.split('/').join('').split(''), side: side, last: last, plies: parseInt(plies, 10)};
  }

  function hexBoardField(cells) {
    return HEX_LENGTHS.map((n, f) => cells.slice(HEX_FIRST[f], HEX_FIRST[f] + n).join('')).join('/');
  }

  function hexagon(cx, cy, radius) {
    const points = [];
    for (let k = 0; k < 6; k++) {
      const angle = Math.PI / 3 * k;
      points.push((cx + radius * Math.cos(angle)).toFixed(1) + ',' + (cy + radius * Math.sin(angle)).toFixed(1));
    }
    return points.join(' ');
  }

  function buildHexBoard() {
    const root = svg('svg', {className: 'board hex', id: 'board', viewBox: '0 0 ' + HEX_WIDTH.toFixed(0) + ' '
      + HEX_HEIGHT.toFixed(0), role: 'img'});
    root.append(svg('defs', null, svg('marker', {id: 'arrowhead', viewBox: '0 0 10 10', refX: 5, refY: 5,
      markerWidth: 3.2, markerHeight: 3.2, orient: 'auto-start-reverse'}, svg('path', {d: 'M 0 0 L 10 5 L 0 10 z', className: 'arrowhead'}))));
    for (let index = 0; index < 61; index++) {
      const [x, y] = hexCenter(index);
      const name = hexName(index);
      const q = name.charCodeAt(0) - 101;
      const r = parseInt(name.slice(1), 10) - 5 - Math.min(q, 0);
      // Three colours, (q - r) mod 3, so that cells sharing an edge always differ (HEXCAISSA.md 3).
      const colour = ['light', 'mid', 'dark'][((q - r) % 3 + 3) % 3];
      const discs = svg('g', {className: 'piece'},
          svg('circle', {className: 'disc', cx: x, cy: y, r: 21}),
          svg('circle', {className: 'crown', cx: x, cy: y, r: 16.5}),
          svg('text', {x: x, y: y + 1}));
      const cell = svg('g', {className: 'sq ' + colour, 'data-square': name},
          svg('polygon', {className: 'base', points: hexagon(x, y, HEX_R - 1.5)}),
          svg('polygon', {className: 'mark', points: hexagon(x, y, HEX_R - 4)}),
          discs,
          svg('title', null, name));
      board.squares.push(cell);
      root.append(cell);
    }
    board.arrow = svg('line', {className: 'arrow', 'marker-end': 'url(#arrowhead)', visibility: 'hidden'});
    root.append(board.arrow);
    for (let file = 0; file < 9; file++) {
      const [x, y] = hexCenter(HEX_FIRST[file]);
      root.append(svg('text', {className: 'label', x: x, y: y + HEX_H / 2 + 12}, HEX_FILES[file]));
    }
    board.svg = root;
    $('#board-holder').append(root);
  }

  /** What the viewer needs of a variant's board; the square board's functions are the originals. */
  const GEOMETRIES = {
    caissa: {parseCfn: parseCfn, boardField: boardField, index: squareIndex, center: i => center(i), build: buildBoard},
    hexcaissa: {parseCfn: hexParseCfn, boardField: hexBoardField, index: hexIndex, center: hexCenter, build: buildHexBoard},
  };
  let geometry = GEOMETRIES.caissa;

  /** Draws the board of the game's variant, replacing the other one when the variant changes. */
  function useVariant(variant) {
    const next = GEOMETRIES[variant] || GEOMETRIES.caissa;
    if (next === geometry && board.svg) {
      return;
    }
    geometry = next;
    if (board.svg) {
      board.svg.remove();
    }
    board.squares = [];
    geometry.build();
  }

  // ------------------------------------------------------------------------------------------
  // The game viewer

  const viewer = {game: null, start: null, boards: [], index: 0, buttons: [], termination: null};

  function openGame(number, ply) {
    const hash = '#game=' + number + (ply === undefined ? '' : '&ply=' + ply);
    if (location.hash !== hash) {
      location.hash = hash;    // a history entry, so that Back closes the viewer
    }
    route();
  }

  function route() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (!params.has('game')) {
      hideViewer();
      return;
    }
    const game = BY_NUMBER.get(Number(params.get('game')));
    if (!game) {
      showMissingGame(params.get('game'));
      return;
    }
    if (viewer.game !== game) {
      loadGame(game);
    }
    const ply = parseInt(params.get('ply'), 10);
    showViewer();
    // A game lost irregularly opens where it went wrong; others at the start.
    const fallback = isIrregular(game.termination) ? game.moves.length : 0;
    goTo(isNaN(ply) ? fallback : ply - viewer.start.plies, false);
  }

  function showViewer() {
    const element = $('#viewer');
    if (element.hidden) {
      element.hidden = false;
      document.body.style.overflow = 'hidden';
      $('.viewer-panel').setAttribute('tabindex', '-1');
      $('.viewer-panel').focus({preventScroll: true});
    }
    $('.viewer-body').hidden = false;
    $('.stderr-row').hidden = false;
  }

  function hideViewer() {
    $('#viewer').hidden = true;
    document.body.style.overflow = '';
  }

  function closeViewer() {
    hideViewer();
    try {
      history.replaceState(null, '', location.pathname + location.search);
    } catch (e) {
      location.hash = '';
    }
  }

  function showMissingGame(number) {
    showViewer();
    viewer.game = null;
    $('#viewer-title').textContent = 'Game ' + number + ' is not in this report';
    $('#viewer-sub').textContent = 'Its log may not have been written yet, or it was left out (see the top of the page).';
    $('.viewer-body').hidden = true;
    $('.stderr-row').hidden = true;
  }

  function replaceHash(hash) {
    if (location.hash === hash) {
      return;
    }
    try {
      history.replaceState(null, '', hash);
    } catch (e) {
      location.replace(hash);
    }
  }

  function loadGame(g) {
    viewer.game = g;
    useVariant(g.variant);
    viewer.start = geometry.parseCfn(g.start);
    viewer.boards = [viewer.start.board];
    for (const move of g.moves) {
      viewer.boards.push(play(viewer.boards[viewer.boards.length - 1], move));
    }
    const replayed = geometry.boardField(viewer.boards[viewer.boards.length - 1]);
    const expected = String(g.final).split(' ')[0];

    $('#viewer-title').textContent = 'Game ' + g.number + ': ' + g.white.name + ' – ' + g.black.name;
    const sub = $('#viewer-sub');
    sub.replaceChildren(g.result + ' · ' + label(g.termination) + ' · ' + plural(g.moves.length, 'move') + ' · '
        + fmtMs(g.durationMillis) + ' · started ' + fmtTime(g.startedAt) + ' · ', h('a', {href: g.file}, g.file));
    if (replayed !== expected) {
      sub.append(h('div', {className: 'bad'}, 'The replayed moves end in ' + replayed + ', not in the logged final position ' + expected + '.'));
    }
    buildMoveList(g);
    renderPlayer('white', g);
    renderPlayer('black', g);
    renderStderr('white', g);
    renderStderr('black', g);
    const at = list.visible.indexOf(g);
    const order = at >= 0 ? list.visible : GAMES;
    const position = order.indexOf(g);
    viewer.previousGame = position > 0 ? order[position - 1] : null;
    viewer.nextGame = position >= 0 && position < order.length - 1 ? order[position + 1] : null;
    $('#game-prev').disabled = !viewer.previousGame;
    $('#game-next').disabled = !viewer.nextGame;
  }

  /** Which side played the move that made ply p: White makes the odd plies (RULES.md 1). */
  const sideOfPly = p => p % 2 === 1 ? 'white' : 'black';

  function buildMoveList(g) {
    const container = $('#moves');
    container.replaceChildren();
    viewer.buttons = [];
    if (g.opening.length > 0) {
      container.append(h('div', {className: 'opening'}, 'Opening set by the arena: ' + g.opening.join(' ')
          + '. The bots took over at ply ' + viewer.start.plies + '.'));
    }
    const rows = [];
    const startButton = h('button', {type: 'button', className: 'mv', 'data-index': 0}, 'Start position');
    viewer.buttons.push(startButton);
    rows.push(h('tr', {className: 'start-row'}, h('td', {className: 'no'}), h('td', {colspan: 2}, startButton)));
    let row = null;
    g.moves.forEach((move, k) => {
      const ply = viewer.start.plies + k + 1;
      const side = sideOfPly(ply);
      const raw = own(g.raw, String(k));
      const button = h('button', {
        type: 'button', className: 'mv', 'data-index': k + 1, 'data-ply': ply,
        title: 'Ply ' + ply + ', ' + side + (raw !== undefined ? '; the bot wrote ' + JSON.stringify(raw) : '')
      }, h('span', null, move), h('span', {className: 't'}, fmtMs(g.micros[k] / 1000)));
      viewer.buttons.push(button);
      if (side === 'white' || row === null) {
        row = h('tr', null, h('td', {className: 'no'}, ((ply + 1) >> 1) + '.'), h('td'), h('td'));
        rows.push(row);
        if (side === 'black') {
          row.children[1].append(h('span', {className: 'mv', title: 'White’s move is before the list'}, '…'));
        }
      }
      row.children[side === 'white' ? 1 : 2].append(button);
    });
    const table = h('table', null, h('tbody', null, rows));
    table.addEventListener('click', ev => {
      const button = ev.target.closest('button.mv');
      if (button) {
        goTo(Number(button.dataset.index));
      }
    });
    viewer.termination = h('div', {
      className: 'termination' + (isIrregular(g.termination) ? ' irregular' : ''), 'data-termination': g.termination
    }, h('b', null, Label(g.termination)), ' · ' + g.result + ' — ' + g.reason);
    container.append(table, viewer.termination);
  }

  function renderPlayer(side, g) {
    const p = g[side];
    const micros = g.micros.filter((_, k) => sideOfPly(viewer.start.plies + k + 1) === side);
    const longest = micros.length ? Math.max(...micros) / 1000 : null;
    const lost = g.loser === side || g.loser === 'both';
    const won = !lost && g.loser && g.result !== '1/2-1/2';
    const element = $('#player-' + side);
    element.className = 'player ' + side + (lost ? ' lost' : won ? ' won' : '');
    element.replaceChildren(
        h('div', {className: 'who'}, h('span', {className: 'dot'}), p.name),
        h('div', {className: 'line', 'data-role': 'thinking'}, 'Thinking: ',
            h('b', null, fmtMs(typeof p.thinkingMillis === 'number' ? p.thinkingMillis : p.timeUsedMillis)),
            ' in all, every reply included', h('span', {className: 'muted'},
                ' (' + fmtMs(p.timeUsedMillis) + ' charged to its clock)')),
        h('div', {className: 'line', 'data-role': 'so-far'}),
        h('div', {className: 'line'}, 'Longest reply: ', h('b', null, fmtMs(longest))));
  }

  function updatePlayers(index) {
    const g = viewer.game;
    for (const side of ['white', 'black']) {
      let moves = 0;
      let micros = 0;
      for (let k = 0; k < index; k++) {
        if (sideOfPly(viewer.start.plies + k + 1) === side) {
          moves++;
          micros += g.micros[k];
        }
      }
      const element = $('#player-' + side);
      element.querySelector('[data-role="so-far"]').replaceChildren(
          'So far: ', h('b', null, fmtMs(micros / 1000)), ' in ' + plural(moves, 'move'));
      const toMove = index < g.moves.length && sideOfPly(viewer.start.plies + index + 1) === side;
      element.classList.toggle('to-move', toMove);
    }
  }

  function renderStderr(side, g) {
    const p = g[side];
    const e = p.stderr || {bytes: 0, head: '', tail: ''};
    $('#stderr-' + side + '-name').textContent = p.name;
    const parts = [];
    if (!e.head && !e.tail) {
      parts.push(h('p', {className: 'empty'}, 'Nothing written.'));
    } else if (!e.omitted) {
      parts.push(h('pre', null, e.head + e.tail));
    } else {
      parts.push(h('pre', null, e.head));
      parts.push(h('div', {className: 'gap'}, '… ' + plural(e.bytes, 'byte') + ' written in all; the middle is not shown'
          + (e.shortened ? ' here (the game log has more)' : '') + ' …'));
      if (e.tail) {
        parts.push(h('pre', null, e.tail));
      }
    }
    parts.push(h('div', {className: 'exit'}, describeExit(p.exit)));
    $('#stderr-' + side).replaceChildren(...parts);
  }

  function describeExit(exit) {
    if (!exit) {
      return 'The bot was never started.';
    }
    const parts = [exit.exitedByItself ? 'Exited by itself' : 'Did not exit by itself'];
    if (exit.exitCode !== null && exit.exitCode !== undefined) {
      // 129 to 192: an exit with that status, or death by signal n - 128; the status cannot tell which.
      parts.push(exit.exitCode > 128 && exit.exitCode <= 192
          ? 'status ' + exit.exitCode + ' (exit ' + exit.exitCode + ', or signal ' + (exit.exitCode - 128) + ')'
          : 'status ' + exit.exitCode);
    }
    if (exit.killed) {
      parts.push('killed by the referee');
    }
    if (exit.leftoverProcesses > 0) {
      parts.push(plural(exit.leftoverProcesses, 'leftover process', 'leftover processes') + ' killed');
    }
    return parts.join(', ') + '.';
  }

  function goTo(index, updateHash) {
    const g = viewer.game;
    if (!g) {
      return;
    }
    const n = g.moves.length;
    const i = Math.max(0, Math.min(n, Math.trunc(index) || 0));
    viewer.index = i;
    const ply = viewer.start.plies + i;
    const side = (i % 2 === 0) === (viewer.start.side === 'w') ? 'w' : 'b';
    const last = i === 0 ? viewer.start.last : g.moves[i - 1];
    const cells = viewer.boards[i];
    const cfn = geometry.boardField(cells) + ' ' + side + ' ' + last + ' ' + ply;
    drawBoard(cells, i === 0 ? null : g.moves[i - 1], cfn, ply);

    viewer.buttons.forEach((button, k) => button.classList.toggle('current', k === i));
    viewer.termination.classList.toggle('current', i === n);
    const current = viewer.buttons[i];
    const box = $('#moves');
    if (current.offsetTop < box.scrollTop || current.offsetTop + current.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = current.offsetTop - box.clientHeight / 2;
    }
    if (i === n && n > 0) {
      box.scrollTop = box.scrollHeight;
    }

    $('#first').disabled = i === 0;
    $('#prev').disabled = i === 0;
    $('#next').disabled = i === n;
    $('#last').disabled = i === n;
    $('#ply-label').textContent = 'ply ' + ply + ' of ' + (viewer.start.plies + n) + (i === 0 ? ' · start' : '');
    updatePlayers(i);

    const status = $('#move-status');
    const parts = [];
    if (i > 0) {
      const mover = sideOfPly(ply);
      parts.push(h('div', null, 'Ply ' + ply + ': ' + g[mover].name + ' (' + mover + ') played ',
          h('b', null, g.moves[i - 1]), ' in ' + fmtMs(g.micros[i - 1] / 1000) + '.'));
    } else {
      parts.push(h('div', null, 'Start position' + (g.opening.length ? ', after the opening' : '') + '.'));
    }
    if (i === n) {
      parts.push(h('div', {'data-role': 'termination'}, h('span', {className: 'term'}, Label(g.termination) + ':'),
          g.result + ' — ' + g.reason));
    } else {
      parts.push(h('div', null, (side === 'w' ? 'White' : 'Black') + ' to move.'));
    }
    status.className = 'move-status' + (i === n ? ' over' + (isIrregular(g.termination) ? ' irregular' : '') : '');
    status.replaceChildren(...parts);
    if (updateHash !== false) {
      replaceHash('#game=' + g.number + '&ply=' + ply);
    }
  }

  function installViewerControls() {
    $('#first').addEventListener('click', () => goTo(0));
    $('#prev').addEventListener('click', () => goTo(viewer.index - 1));
    $('#next').addEventListener('click', () => goTo(viewer.index + 1));
    $('#last').addEventListener('click', () => goTo(viewer.game ? viewer.game.moves.length : 0));
    $('#viewer-close').addEventListener('click', closeViewer);
    $('#game-prev').addEventListener('click', () => viewer.previousGame && openGame(viewer.previousGame.number));
    $('#game-next').addEventListener('click', () => viewer.nextGame && openGame(viewer.nextGame.number));
    $('#viewer').addEventListener('click', ev => {
      if (ev.target === $('#viewer')) {
        closeViewer();
      }
    });
    document.addEventListener('keydown', ev => {
      if ($('#viewer').hidden || ev.altKey || ev.ctrlKey || ev.metaKey) {
        return;
      }
      const tag = ev.target && ev.target.tagName;
      if (tag === 'SELECT' || tag === 'INPUT' || tag === 'TEXTAREA') {
        return;
      }
      switch (ev.key) {
        case 'ArrowLeft': goTo(viewer.index - 1); break;
        case 'ArrowRight': goTo(viewer.index + 1); break;
        case 'Home': goTo(0); break;
        case 'End': goTo(viewer.game ? viewer.game.moves.length : 0); break;
        case 'Escape': closeViewer(); break;
        default: return;
      }
      ev.preventDefault();
    });
    window.addEventListener('hashchange', route);
  }

  // ------------------------------------------------------------------------------------------
  // A live page: it reloads itself while the run goes on, and lists the games being played

  function renderLive() {
    if (DATA.live !== true) {
      return;
    }
    const section = $('#live');
    section.hidden = false;
    section.querySelector('.hint').textContent = 'The run is going on: this page reloads itself every '
        + REFRESH_SECONDS + ' seconds.';
    const playing = Array.isArray(DATA.playing) ? DATA.playing : [];
    const list = $('#playing');
    list.append(...(playing.length ? playing.map(p => h('li', {'data-game': p.number},
        'Game ' + p.number + ': ' + p.white + ' (white) vs ' + p.black + ' (black)'))
        : [h('li', {className: 'empty'}, 'No game is being played at this moment.')]));
    document.body.dataset.refreshSeconds = String(REFRESH_SECONDS);
    setTimeout(() => location.reload(), REFRESH_SECONDS * 1000);
  }

  // ------------------------------------------------------------------------------------------
  // A match folder (match.json): drawn as a match, not as a tournament

  const DECISIONS = {
    'H1': {text: 'H1 accepted: the engine is at least as good as claimed', className: 'done'},
    'H0': {text: 'H0 accepted: a regression', className: 'bad'},
    'inconclusive': {text: 'no decision (inconclusive)', className: 'running'},
    'interrupted': {text: 'interrupted before a decision: the figures so far', className: 'running'},
    'failed': {text: 'no result: every game ended in an irregular loss', className: 'bad'}
  };

  function renderMatchStatus(status) {
    const decision = own(DECISIONS, MATCH.decision) || {text: String(MATCH.decision), className: 'running'};
    status.append(h('span', {className: 'pill ' + decision.className, 'data-decision': MATCH.decision}, decision.text),
        ' ' + plural(MATCH.games, 'game') + ' played',
        MATCH.interrupted === true ? h('span', {className: 'pill running'}, 'interrupted') : '');
    $('.kicker').textContent = 'Caïssa Arena · match report';
  }

  function renderMatch() {
    if (!MATCH) {
      return;
    }
    for (const id of ['#standings-section', '#crosstable-section', '#definition-section']) {
      $(id).hidden = true;
    }
    const section = $('#match-section');
    section.hidden = false;
    const m = MATCH;
    const games = m.games || 0;
    const score = games ? (m.wins + m.draws / 2) / games : 0;
    // The bounds the test stops at (Wald's less the expected overshoot); summaries before them have Wald's alone.
    const bounds = Array.isArray(m.stoppingBounds) ? m.stoppingBounds : m.bounds;
    const lower = Array.isArray(bounds) ? bounds[0] : NaN;
    const upper = Array.isArray(bounds) ? bounds[1] : NaN;
    const at = Math.max(0, Math.min(1, (m.llr - lower) / (upper - lower)));
    const sprt = m.sprt && typeof m.sprt === 'object' ? m.sprt : {};
    const player = p => h('span', null, h('b', null, own(p, 'name') || '?'), ' ',
        h('code', null, Array.isArray(own(p, 'command')) ? p.command.join(' ') : ''));
    const pent = Array.isArray(m.pentanomial) ? m.pentanomial : [];
    const rows = [
      ['Engine', player(m.engine)],
      ['Baseline', player(m.baseline)],
      ['Score of the engine', '+' + m.wins + ' =' + m.draws + ' −' + m.losses + ' (' + (100 * score).toFixed(1) + '%)'],
      ['Elo difference', m.elo === null || m.elo === undefined ? 'not bounded yet' : fmtElo(m.elo, m.eloError)],
      ['Likelihood of superiority', typeof m.los === 'number' ? (100 * m.los).toFixed(1) + '%' : '—'],
      ['Hypotheses', 'H0: Elo ≤ ' + sprt.elo0 + ', H1: Elo ≥ ' + sprt.elo1 + ' (α ' + sprt.alpha + ', β ' + sprt.beta + ')'],
      ['Game pairs by the engine\'s score', ['0', '½', '1', '1½', '2'].map((k, i) => k + ': ' + fmtNumber(pent[i] || 0)).join(' · ')],
      ['Decided', m.decidedAtGames ? 'after ' + plural(m.decidedAtGames, 'game') : 'no bound crossed']
    ];
    const llr = h('div', {id: 'llr', className: 'llr', 'data-llr': m.llr, 'data-lower': lower, 'data-upper': upper},
        h('div', {className: 'llr-text'}, 'LLR ' + Number(m.llr).toFixed(2) + ' between the bounds '
            + Number(lower).toFixed(2) + ' (H0) and ' + Number(upper).toFixed(2) + ' (H1)'),
        h('div', {className: 'llr-bar'}, h('div', {className: 'llr-mark', style: 'left: ' + (100 * at).toFixed(1) + '%'})));
    const losses = [];
    for (const role of ['engine', 'baseline']) {
      const side = own(own(m.irregularLosses, role), 'byCause');
      for (const entry of Array.isArray(side) ? side : []) {
        const example = entry.example || {};
        const game = BY_NUMBER.get(example.game);
        losses.push(h('li', {'data-role': role, 'data-cause': entry.cause},
            h('b', null, entry.bot), ' (' + role + ') · ' + label(entry.cause) + ' · ' + plural(entry.games, 'game'), ' — ',
            game ? failingLink(game, 'game ' + example.game) : 'game ' + example.game, ': ' + example.reason,
            Array.isArray(example.stderr) && example.stderr.length
                ? h('div', {className: 'stderr-line'}, 'Its standard error ends: ', h('code', null, example.stderr[example.stderr.length - 1]))
                : '',
            example.hint ? h('div', {className: 'hint'}, 'Hint: ' + example.hint) : ''));
      }
    }
    $('#match').append(h('dl', {className: 'definition'}, ...rows.flatMap(([k, v]) => [h('dt', null, k), h('dd', null, v)])),
        llr, losses.length ? h('ul', {className: 'irregular-games match-losses'}, ...losses) : '');
  }

  // ------------------------------------------------------------------------------------------

  renderHeader();
  renderTimeControl();
  renderSettingsInWords();
  renderLive();
  renderMatch();
  renderProblems();
  renderStandings();
  renderCrosstable();
  renderIrregular();
  renderGamesFrame();
  renderDefinition();
  buildBoard();
  installViewerControls();
  route();
  document.body.setAttribute('data-ready', 'true');
})();
