// gamethumbs URL builder: plain JavaScript, no dependencies, no build step.
// Data comes from this server: /api/leagues, /api/{league}/teams and
// /openapi.json (the allowed values of every parameter).
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const state = {
    opts: null,          // allowed values, from /openapi.json
    teams: [],           // roster of the selected league
    teamsLeague: '',
    chosen: { 1: null, 2: null }, // team picked from the list, per input
    event: null,         // what /event/raw understood of the title field, while it applies
    hasDemo: false,      // the offline demo league is served (DEMO=true)
    leagues: [],         // /api/leagues, sorted by short name
    searchTimer: 0,
  };
  let eventTimer = 0;
  let eventSeq = 0;
  let previewTimer = 0;
  let previewSeq = 0;

  // ---- data ---------------------------------------------------------------

  async function getJSON(path) {
    const resp = await fetch(path, { headers: { Accept: 'application/json' } });
    let body = null;
    try { body = await resp.json(); } catch (e) { /* not JSON */ }
    if (!resp.ok) {
      const err = new Error((body && body.error) || (resp.status + ' ' + resp.statusText));
      err.status = resp.status;
      throw err;
    }
    return body;
  }

  // providerDown reports whether a status says the sports-data provider
  // could not be reached (502) or did not answer in time (504).
  function providerDown(status) { return status === 502 || status === 504; }

  // showProviderHint explains an unreachable provider in plain words and
  // offers the offline demo league (or says how to turn it on); hidden
  // again once a picture loads.
  function showProviderHint(show) {
    $('hint').hidden = !show;
    if (!show) return;
    $('hint-demo').hidden = !state.hasDemo || $('league').value === 'demo';
    $('hint-nodemo').hidden = state.hasDemo;
  }

  // options reads the allowed values from the OpenAPI document's schemas.
  function options(doc) {
    const schemas = (doc && doc.components && doc.components.schemas) || {};
    const pick = (name) => {
      const s = schemas[name] || {};
      const labels = s['x-enum-descriptions'] || [];
      return {
        items: (s.enum || []).map((v, i) => ({ value: String(v), label: labels[i] ? v + ' · ' + labels[i] : String(v) })),
        def: s.default === undefined ? '' : String(s.default),
      };
    };
    return {
      thumbAspect: pick('ThumbAspect'),
      coverAspect: pick('CoverAspect'),
      logoSize: pick('LogoSize'),
      matchupStyle: pick('MatchupStyle'),
      logoStyle: pick('LogoStyle'),
      badge: pick('Badge'),
    };
  }

  // ---- form helpers -------------------------------------------------------

  // fill replaces the options of a select, keeping its value when allowed.
  function fill(select, items, def) {
    const keep = select.value;
    const current = Array.from(select.options).map((o) => o.value + '\u0000' + o.text).join('\n');
    const next = items.map((it) => it.value + '\u0000' + it.label).join('\n');
    if (current !== next) {
      select.replaceChildren(...items.map((it) => new Option(it.label, it.value)));
    }
    select.value = items.some((it) => it.value === keep) ? keep : def;
  }

  function show(id, visible) { $(id).hidden = !visible; }

  function kind() { return document.querySelector('input[name=kind]:checked').value; }

  // teamIdent is what goes into the URL for input n: the key of the team
  // picked from the list, or the text as typed (the server matches it).
  function teamIdent(n) {
    const text = $('team' + n).value.trim();
    const t = state.chosen[n];
    return t && text === t.fullName ? t.key : text;
  }

  function teams() { return [teamIdent(1), teamIdent(2)].filter((s) => s !== ''); }

  // sync shows the controls that apply to the current picture and fills
  // the style, aspect and size lists.
  function sync() {
    const o = state.opts;
    if (!o) return;
    const k = kind();
    const n = teams().length;
    const matchup = n === 2;
    if (k === 'logo') {
      if (matchup) {
        fill($('style'), o.logoStyle.items, o.logoStyle.def);
      } else {
        fill($('style'), [{ value: '', label: 'provider logo, as is' }, { value: '1', label: '1 · compact generated logo' }], '');
      }
    } else {
      fill($('style'), o.matchupStyle.items, o.matchupStyle.def);
    }
    const aspects = k === 'cover' ? o.coverAspect : o.thumbAspect;
    fill($('aspect'), aspects.items, aspects.def);
    fill($('size'), o.logoSize.items, o.logoSize.def);
    const raw = k === 'logo' && !matchup && $('style').value === '';
    $('style').closest('.field').hidden = k !== 'logo' && !matchup;
    show('aspect-field', k !== 'logo');
    show('size-field', k === 'logo' && !raw);
    show('trim-field', k === 'logo' && !raw);
    show('variant-field', raw);
    show('winner-field', matchup);
    // Styles 10-13 draw the home team's venue.
    show('home-field', matchup && k !== 'logo' && venueStyle($('style').value));
    $('leaguelogo').closest('.field').hidden = raw;
    $('mode').closest('.field').hidden = n === 0;
  }

  // venueStyle reports whether a thumbnail or cover style draws the home
  // venue (10-13), which home= chooses.
  function venueStyle(style) {
    const n = Number(style);
    return n >= 10 && n <= 13;
  }

  // buildPath is the image path and query for the form, leaving out
  // parameters that equal their defaults.
  function buildPath() {
    const o = state.opts;
    const k = kind();
    const ts = teams();
    const matchup = ts.length === 2;
    const segs = [$('league').value].concat(ts, [k]).map(encodeURIComponent);
    const q = new URLSearchParams();
    if (state.event) q.set('title', state.event.title);
    const style = $('style').value;
    const raw = k === 'logo' && !matchup && style === '';
    if (k === 'logo') {
      if (matchup ? style !== o.logoStyle.def : style !== '') q.set('style', style);
      if (!raw) {
        if ($('size').value !== o.logoSize.def) q.set('size', $('size').value);
        if (!$('trim').checked) q.set('trim', 'false');
      }
      if (raw && $('variant').value) q.set('variant', $('variant').value);
    } else {
      if (matchup && style !== o.matchupStyle.def) q.set('style', style);
      const aspects = k === 'cover' ? o.coverAspect : o.thumbAspect;
      if ($('aspect').value !== aspects.def) q.set('aspect', $('aspect').value);
    }
    if (!raw && $('leaguelogo').value) q.set('logo', $('leaguelogo').value);
    if ($('badge').value) q.set('badge', $('badge').value);
    if (matchup && $('winner').value) q.set('winner', ts[Number($('winner').value) - 1]);
    if (matchup && k !== 'logo' && venueStyle(style) && $('home').value) q.set('home', ts[Number($('home').value) - 1]);
    if (ts.length > 0 && $('mode').value) q.set('mode', $('mode').value);
    if ($('fallback').checked) q.set('fallback', 'true');
    const query = q.toString();
    if (state.event) return '/event/' + k + '?' + query;
    return '/' + segs.join('/') + (query ? '?' + query : '');
  }

  // ---- preview ------------------------------------------------------------

  function setStatus(text, bad) {
    const el = $('status');
    el.textContent = text;
    el.classList.toggle('bad', !!bad);
  }

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(updatePreview, 150);
  }

  // updatePreview shows the picture at the current URL. The old picture
  // stays until the new one has loaded; errors show the server's message.
  function updatePreview() {
    sync();
    const path = buildPath();
    $('url').value = location.origin + path;
    $('open').href = path;
    const img = $('preview');
    if (img.dataset.path === path && img.dataset.state !== 'error') return;
    img.dataset.path = path;
    const seq = ++previewSeq;
    img.dataset.state = 'loading';
    setStatus('Rendering…');
    const probe = new Image();
    probe.onload = () => {
      if (seq !== previewSeq) return;
      img.onload = () => {
        if (seq !== previewSeq) return;
        img.dataset.state = 'loaded';
        showProviderHint(false);
        setStatus(img.naturalWidth + ' × ' + img.naturalHeight + ' · ' + path);
      };
      img.src = path;
    };
    probe.onerror = () => {
      if (seq !== previewSeq) return;
      img.dataset.state = 'error';
      explain(path, seq);
    };
    probe.src = path;
  }

  // explain asks the server why an image failed ({"error": "..."}).
  async function explain(path, seq) {
    let msg = 'The image did not load.';
    try {
      const resp = await fetch(path);
      const body = await resp.json().catch(() => null);
      msg = resp.status + ': ' + ((body && body.error) || resp.statusText);
      const retry = resp.headers.get('Retry-After');
      if (retry) msg += ' (retry in ' + retry + ' s)';
      if (providerDown(resp.status) && seq === previewSeq) showProviderHint(true);
    } catch (e) {
      msg = 'The server did not answer: ' + e.message;
    }
    if (seq === previewSeq) setStatus(msg, true);
  }

  // ---- team picker --------------------------------------------------------

  function fold(s) {
    return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
  }

  // suggestions ranks the roster against what was typed: a field that
  // starts with it beats one that contains it.
  function suggestions(text) {
    const q = fold(text);
    const scored = [];
    for (const t of state.teams) {
      const fields = [t.name, t.fullName, t.abbreviation, t.city].filter(Boolean).map(fold);
      let score = q === '' ? 1 : 0;
      for (const f of fields) {
        if (f === q) score = Math.max(score, 4);
        else if (f.startsWith(q)) score = Math.max(score, 3);
        else if (f.includes(' ' + q)) score = Math.max(score, 2);
        else if (f.includes(q)) score = Math.max(score, 1);
      }
      if (score > 0) scored.push({ t, score });
    }
    scored.sort((a, b) => b.score - a.score || a.t.fullName.localeCompare(b.t.fullName));
    return scored.slice(0, 12).map((s) => s.t);
  }

  function setupPicker(n) {
    const input = $('team' + n);
    const list = $('team' + n + '-list');
    let items = [];
    let active = -1;

    const close = () => {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    };
    const highlight = (i) => {
      active = i;
      Array.from(list.children).forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
      if (i >= 0) {
        input.setAttribute('aria-activedescendant', list.children[i].id);
        list.children[i].scrollIntoView({ block: 'nearest' });
      }
    };
    const choose = (t) => {
      state.chosen[n] = t;
      input.value = t.fullName;
      close();
      schedulePreview();
    };
    const open = () => {
      items = suggestions(input.value);
      list.replaceChildren(...items.map((t, i) => {
        const li = document.createElement('li');
        li.id = 'team' + n + '-opt' + i;
        li.setAttribute('role', 'option');
        if (t.logo) {
          const logo = document.createElement('img');
          logo.src = t.logo;
          logo.alt = '';
          logo.loading = 'lazy';
          li.append(logo);
        }
        const name = document.createElement('span');
        name.textContent = t.fullName;
        const abbr = document.createElement('span');
        abbr.className = 'abbr';
        abbr.textContent = t.abbreviation || '';
        li.append(name, abbr);
        li.addEventListener('mousedown', (e) => { e.preventDefault(); choose(t); });
        return li;
      }));
      list.hidden = items.length === 0;
      input.setAttribute('aria-expanded', String(!list.hidden));
      highlight(items.length > 0 && input.value.trim() !== '' ? 0 : -1);
    };

    input.addEventListener('input', () => { state.chosen[n] = null; open(); });
    input.addEventListener('focus', open);
    input.addEventListener('blur', () => setTimeout(close, 120));
    input.addEventListener('change', schedulePreview);
    input.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (list.hidden) open();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        highlight(Math.max(0, Math.min(items.length - 1, active + step)));
        e.preventDefault();
      } else if (e.key === 'Enter') {
        if (!list.hidden && active >= 0) choose(items[active]);
        else { close(); schedulePreview(); }
        e.preventDefault();
      } else if (e.key === 'Escape') {
        close();
      }
    });
  }

  // ---- from a title -------------------------------------------------------

  function setUnderstood(text, bad) {
    const el = $('understood');
    el.textContent = text;
    el.classList.toggle('bad', !!bad);
  }

  // readTitle asks /event/raw what the title field names and, when it names
  // something, sets the league and teams to it; the URL becomes the /event
  // one. Editing the league or a team afterwards leaves the title mode.
  async function readTitle() {
    const text = $('eventtitle').value.trim();
    const seq = ++eventSeq;
    if (text === '') {
      state.event = null;
      setUnderstood('Paste a channel or programme name: the picture comes from /event/…');
      schedulePreview();
      return;
    }
    setUnderstood('Reading…');
    let resp, body;
    try {
      resp = await fetch('/event/raw?title=' + encodeURIComponent(text), { headers: { Accept: 'application/json' } });
      body = await resp.json().catch(() => null);
    } catch (e) {
      if (seq === eventSeq) setUnderstood('The server did not answer: ' + e.message, true);
      return;
    }
    if (seq !== eventSeq) return;
    if (!resp.ok || !body || !body.league) {
      state.event = null;
      const parts = [];
      if (body && body.leagues && body.leagueNamed) parts.push('league ' + body.leagues.join(' or ').toUpperCase());
      if (body && body.side1) parts.push('sides “' + body.side1 + '” and “' + body.side2 + '” not matched');
      setUnderstood('Not understood' + (parts.length ? ': ' + parts.join('; ') : '') + ((body && body.error) ? ' (' + body.error + ')' : ''), true);
      schedulePreview();
      return;
    }
    const keys = body.canonical.split('/').slice(2).map(decodeURIComponent);
    const names = [body.team1, body.team2].map((t) => t && (t.fullName || t.name));
    state.event = { title: text };
    const league = $('league');
    if (Array.from(league.options).some((o) => o.value === body.league) && league.value !== body.league) {
      league.value = body.league;
      await loadTeams(true);
      if (seq !== eventSeq) return;
    }
    for (const n of [1, 2]) {
      const name = names[n - 1] || '';
      state.chosen[n] = name ? { key: keys[n - 1], fullName: name } : null;
      $('team' + n).value = name;
    }
    const what = names[0] ? names[0] + ' vs ' + names[1] : 'the league alone';
    setUnderstood('Understood: ' + body.league.toUpperCase() + ' · ' + what + ' · confidence ' +
      body.confidence.toFixed(2) + ' · same picture as ' + body.canonical + '/' + kind());
    schedulePreview();
  }

  // leaveTitle returns to the plain URL once the user edits the builder.
  function leaveTitle() {
    if (!state.event) return;
    state.event = null;
    eventSeq++;
    setUnderstood('Edited by hand: the URL is the league/team one again.');
  }

  // loadTeams fetches the roster of the selected league and picks its
  // first two teams, so there is a matchup to look at right away (keep:
  // leave the team fields as they are).
  async function loadTeams(keep) {
    const league = $('league').value;
    state.teams = [];
    state.teamsLeague = league;
    try {
      const body = await getJSON('/api/' + encodeURIComponent(league) + '/teams');
      if (state.teamsLeague !== league) return;
      state.teams = body.teams || [];
    } catch (e) {
      setStatus('Teams of ' + league + ': ' + (e.status ? e.status + ' ' : '') + e.message, true);
      if (providerDown(e.status)) showProviderHint(true);
    }
    if (keep === true) return;
    const [a, b] = state.teams;
    for (const [n, t] of [[1, a], [2, b]]) {
      state.chosen[n] = t || null;
      $('team' + n).value = t ? t.fullName : '';
    }
    schedulePreview();
    $('gallery').replaceChildren();
    $('gallery-matchup').textContent = '';
  }

  // ---- gallery ------------------------------------------------------------

  // gallery shows every thumbnail and logo style for one matchup. It is
  // drawn on request: fourteen renders at once would use up half of the
  // default per-minute image rate limit.
  function gallery(league, a, b) {
    const o = state.opts;
    const base = '/' + [league, a.key, b.key].map(encodeURIComponent).join('/');
    $('gallery-matchup').textContent = a.fullName + ' vs ' + b.fullName;
    const tiles = [];
    for (const s of o.matchupStyle.items) {
      tiles.push({ path: base + '/thumb?style=' + s.value + '&aspect=1-1', title: 'Thumbnail style ' + s.value, label: s.label });
    }
    for (const s of o.logoStyle.items) {
      tiles.push({ path: base + '/logo?style=' + s.value + '&size=512', title: 'Logo style ' + s.value, label: s.label });
    }
    $('gallery').replaceChildren(...tiles.map((t) => {
      const fig = document.createElement('figure');
      const link = document.createElement('a');
      link.href = t.path;
      const img = document.createElement('img');
      img.loading = 'lazy';
      img.src = t.path;
      img.alt = t.title + ' for ' + a.fullName + ' vs ' + b.fullName;
      link.append(img);
      const cap = document.createElement('figcaption');
      const title = document.createElement('b');
      title.textContent = t.title;
      cap.append(title, document.createTextNode(' · ' + t.label.replace(/^[^·]*· /, '')));
      fig.append(link, cap);
      return fig;
    }));
  }

  // ---- league search --------------------------------------------------------

  // squash is a name as the league search compares it: folded (see
  // fold) without spaces ("Süper Lig" and "super-lig" are "superlig").
  const squash = (v) => fold(String(v)).replace(/ /g, '');

  function showLeagues(list) {
    $('league').replaceChildren(...list.map((l) => new Option(l.shortName + ' · ' + l.name, l.code)));
  }

  // leagueKeys lists every name a league answers to: code, names,
  // aliases and its provider ids (ESPN's by its slug, as URLs use it).
  function leagueKeys(l) {
    const ids = Object.values(l.ids || {}).flatMap((v) => [v, v.split('/').pop()]);
    return [l.code, l.shortName, l.name].concat(l.aliases || [], ids).map(squash);
  }

  // searchLeagues narrows the league list to those that answer to the
  // query (a name that starts with it first), and selects the best. A
  // query no catalogued league answers to is offered as it is: the
  // server asks its providers' league lists for it.
  function searchLeagues() {
    const q = squash($('leaguesearch').value);
    if (!q) {
      const cur = $('league').value;
      showLeagues(state.leagues);
      $('league').value = cur;
      return;
    }
    const scored = [];
    for (const l of state.leagues) {
      const keys = leagueKeys(l);
      const rank = keys.includes(q) ? 0 : keys.some((k) => k.startsWith(q)) ? 1 : keys.some((k) => k.includes(q)) ? 2 : -1;
      if (rank >= 0) scored.push([rank, l]);
    }
    scored.sort((a, b) => a[0] - b[0]);
    const list = scored.map((s) => s[1]);
    const typed = $('leaguesearch').value.trim();
    if (!list.length && typed) list.push({ code: typed, shortName: typed, name: 'ask the providers' });
    const before = $('league').value;
    showLeagues(list);
    if (list.length && list[0].code !== before) {
      $('league').value = list[0].code;
      leaveTitle();
      loadTeams();
    }
  }

  // ---- start --------------------------------------------------------------

  async function start() {
    try {
      const [doc, leagues] = await Promise.all([getJSON('/openapi.json'), getJSON('/api/leagues')]);
      state.opts = options(doc);
      state.leagues = (leagues.leagues || []).slice().sort((x, y) => x.shortName.localeCompare(y.shortName));
      showLeagues(state.leagues);
      $('league').value = leagues.default;
      state.hasDemo = state.leagues.some((l) => l.code === 'demo');
      fill($('badge'), [{ value: '', label: 'none' }].concat(state.opts.badge.items), '');
    } catch (e) {
      setStatus('Could not load the page data: ' + e.message, true);
      return;
    }
    setupPicker(1);
    setupPicker(2);
    $('league').addEventListener('change', () => { leaveTitle(); loadTeams(); });
    $('leaguesearch').addEventListener('input', () => {
      clearTimeout(state.searchTimer);
      state.searchTimer = setTimeout(searchLeagues, 150);
    });
    for (const n of [1, 2]) $('team' + n).addEventListener('input', leaveTitle);
    $('eventtitle').addEventListener('input', () => {
      clearTimeout(eventTimer);
      eventTimer = setTimeout(readTitle, 300);
    });
    $('form').addEventListener('change', (e) => {
      if (e.target.id !== 'league' && e.target.id !== 'leaguesearch' && e.target.id !== 'eventtitle' && !e.target.id.startsWith('team')) schedulePreview();
    });
    $('form').addEventListener('submit', (e) => e.preventDefault());
    $('copy').addEventListener('click', copy);
    $('hint-demo').addEventListener('click', () => {
      $('league').value = 'demo';
      leaveTitle();
      showProviderHint(false);
      loadTeams();
    });
    $('gallery-show').addEventListener('click', () => {
      const [a, b] = [1, 2].map((n) => ({ key: teamIdent(n), fullName: $('team' + n).value.trim() }));
      if (a.key && b.key) gallery($('league').value, a, b);
      else $('gallery-matchup').textContent = 'Pick two teams above first.';
    });
    getJSON('/info').then((info) => { $('version').textContent = 'gamethumbs ' + (info.version || ''); }).catch(() => {});
    await loadTeams();
  }

  async function copy() {
    const field = $('url');
    try {
      await navigator.clipboard.writeText(field.value);
    } catch (e) {
      // Not a secure context (plain http on a LAN address): select and copy.
      field.select();
      document.execCommand('copy');
    }
    $('copy').textContent = 'Copied';
    setTimeout(() => { $('copy').textContent = 'Copy URL'; }, 1500);
  }

  start();
})();
