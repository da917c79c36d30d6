// The web table's front page: the lobby (the listed tables, a free seat taken or a
// table watched in one click) and the form that makes a new table, with its invite
// links, each with a Copy button.  table.js plays a seat once the page's address
// holds one (#t=TABLE&k=TOKEN); it uses the helpers this script leaves in
// window.Alsos.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }
  function link(table, token) {
    return `${location.origin}${location.pathname}#t=${table}&k=${token}`;
  }
  // Copy `text` and say so in `said`; where the browser refuses (a page not served over
  // https or localhost), the text is selected in `field` for the person to copy.
  async function copy(text, said, field) {
    try {
      await navigator.clipboard.writeText(text);
      said.textContent = tr("Copied.");
    } catch (e) {
      if (field) { field.focus(); field.select(); }
      said.textContent = tr("Press Ctrl+C (or ⌘C) to copy the selected link.");
    }
  }
  // A link in a read-only field with its Copy button.
  function linkRow(label, url, said) {
    const li = el("li", null, { class: "link-row" });
    const id = `link-${Math.random().toString(36).slice(2)}`;
    li.append(el("label", label, { for: id }));
    const field = el("input", null, { id, readonly: "", value: url, class: "link" });
    const button = el("button", tr("Copy"), { type: "button", "aria-label": tr("copy the link: {what}", { what: label }) });
    button.addEventListener("click", () => copy(url, said, field));
    const open = el("a", tr("Open"), { href: url, "aria-label": tr("open: {what}", { what: label }) });
    li.append(field, button, open);
    return li;
  }
  // The language the page's words are in: the one chosen here before (remembered in
  // this browser), else the browser's own if the server has words for it.
  function lang() {
    const kept = localStorage.getItem("alsos-lang");
    if (kept && /^[a-z]{2,3}$/.test(kept)) return kept;
    return (navigator.language || "en").toLowerCase().startsWith("hu") ? "hu" : "en";
  }
  // The page's words in its language (GET api/words): each message looked up whole,
  // its {placeholders} then filled in, so a language orders its words its own way.
  let words = {};
  function tr(message, values) {
    let text = Object.prototype.hasOwnProperty.call(words, message) ? words[message] : message;
    if (values) text = text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
    return text;
  }
  async function loadWords() {
    const code = lang();
    if (code !== "en") {
      try {
        const r = await fetch(`api/words?lang=${encodeURIComponent(code)}`);
        if (r.ok) words = (await r.json()).words;
      } catch (e) { /* the words stay English */ }
    }
    document.documentElement.lang = Object.keys(words).length ? code : "en";
    for (const n of document.querySelectorAll("[data-tr]")) n.textContent = tr(n.textContent.trim());
    for (const n of document.querySelectorAll("[data-tr-label]")) n.setAttribute("aria-label", tr(n.getAttribute("aria-label")));
    for (const n of document.querySelectorAll("[data-tr-placeholder]")) n.setAttribute("placeholder", tr(n.getAttribute("placeholder")));
  }
  const ready = loadWords();
  const chooser = $("lang");
  chooser.value = lang();
  chooser.addEventListener("change", () => {
    localStorage.setItem("alsos-lang", chooser.value);
    location.reload();  // the table's words come again, in the language chosen
  });
  // A card's picture (our own server's SVG from api/cards, never a client's text),
  // named for a screen reader by its name in the page's language (api/card-names).
  function picture(code, cards, names) {
    const node = el("span", null, { class: "card", role: "img", "aria-label": names[code] || code });
    if (cards[code]) node.innerHTML = cards[code];
    else node.textContent = code;
    for (const svg of node.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
    return node;
  }
  // Who is signed in (GET api/me: {name, csrf}, name null without a session).  Every
  // request that changes something goes through send(), which adds the session's
  // CSRF token: the server refuses a signed-in change without it.
  const me = fetch("api/me").then((r) => r.json()).catch(() => ({ name: null }));
  async function send(url, method, body) {
    const { csrf } = await me;
    const headers = { "content-type": "application/json" };
    if (csrf) headers["x-csrf-token"] = csrf;
    return fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }
  window.Alsos = { copy, link, lang, tr, ready, el, picture, me, send };

  const p = new URLSearchParams(location.hash.slice(1));
  if (p.get("t") && p.get("k")) return;  // a seat's page: table.js plays it
  if (p.get("puzzles") || p.get("practice")) return;  // puzzles: puzzles.js shows them
  if (p.get("tutorial")) return;  // the guided first hand: tutorial.js plays it
  if (p.has("account") || p.get("player") !== null || p.get("leaderboard")) return;  // accounts.js
  if (p.has("tournaments") || p.get("tournament")) return;  // tournaments.js

  // ------------------------------------------------------------------ the lobby
  async function lobby() {
    $("lobby").hidden = false;
    $("lobby-said").textContent = "";
    let tables = [];
    try {
      const r = await fetch(`api/lobby?lang=${encodeURIComponent(lang())}`);
      tables = (await r.json()).tables || [];
    } catch (e) {
      $("lobby-said").textContent = tr("The lobby could not be read: try again.");
    }
    $("lobby-empty").hidden = tables.length > 0;
    $("lobby-list").replaceChildren(...tables.map(entry));
  }
  function entry(t) {
    const li = el("li", null, { class: "lobby-table" });
    const title = t.title || tr("{rules} table", { rules: t.rules });
    li.append(el("strong", title));
    const people = t.seats.map((s) => s.free ? tr("a free seat") : (s.kind === "human" && !s.here ? tr("{player} (away)", { player: s.name }) : s.name));
    li.append(el("span", " · " + tr("{rules}, {n} players · hand {hand}", { rules: t.rules, n: t.players, hand: t.hand }) + " · " + people.join(", ")));
    const row = el("div", null, { class: "lobby-actions" });
    for (const s of t.seats.filter((x) => x.free)) {
      const b = el("button", tr("Sit at seat {n}", { n: s.seat + 1 }), { type: "button", "aria-label": tr("sit at seat {n} of {table}", { n: s.seat + 1, table: title }) });
      b.addEventListener("click", () => sit(t.table, s.seat, b));
      row.append(b);
    }
    row.append(el("a", tr("Watch"), { href: link(t.table, t.watch), "aria-label": tr("watch {table}", { table: title }) }));
    li.append(row);
    return li;
  }
  async function sit(table, seat, button) {
    button.disabled = true;
    const r = await send(`api/tables/${encodeURIComponent(table)}/seats?lang=${encodeURIComponent(lang())}`, "POST", { seat });
    const got = await r.json();
    if (!r.ok) { $("lobby-said").textContent = got.error; button.disabled = false; lobby(); return; }
    location.hash = `t=${got.table}&k=${got.token}`;
  }
  $("lobby-refresh").addEventListener("click", lobby);

  // ------------------------------------------------------------------ a new table
  // what a seat of the form may be, in words (looked up once the words are there)
  const KINDS = {
    human: "a friend (I send the link)", open: "anyone from the lobby",
    easy: "Easy bot", medium: "Medium bot", hard: "Hard bot", expert: "Expert bot",
    random: "Random bot", heuristic: "Heuristic bot", pimc: "PIMC bot",
  };
  async function setup() {
    $("setup").hidden = false;
    const data = await (await fetch(`api/variants?lang=${encodeURIComponent(lang())}`)).json();
    const variant = $("variant"), players = $("players"), seats = $("seats");
    for (const v of data.variants) variant.append(el("option", `${v.id}: ${v.name}`, { value: v.id }));
    function counts() {
      const v = data.variants.find((x) => x.id === variant.value);
      players.replaceChildren(...v.counts.map((n) => {
        const o = el("option", n, { value: n });
        if (n === v.players) o.selected = true;
        return o;
      }));
      fill();
    }
    function fill() {
      for (const old of seats.querySelectorAll("label")) old.remove();
      for (let s = 0; s < Number(players.value); s++) {
        const sel = el("select", null, { name: `seat${s}`, id: `seat${s}` });
        const kinds = s === 0 ? data.seats.filter((k) => k !== "human") : ["human", "open", ...data.seats.filter((k) => k !== "human")];
        if (s === 0) sel.append(el("option", tr("me"), { value: "human" }));
        for (const kind of kinds) sel.append(el("option", KINDS[kind] ? tr(KINDS[kind]) : kind, { value: kind }));
        sel.value = s === 0 ? "human" : "medium";
        const label = el("label", tr("Seat {n}", { n: s + 1 }) + " ", { for: `seat${s}` });
        label.append(sel);
        seats.append(label);
      }
    }
    if (data.variants.some((v) => v.id === "potter1930")) variant.value = "potter1930";
    variant.addEventListener("change", counts);
    players.addEventListener("change", fill);
    counts();
    $("new-table").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      $("setup-error").textContent = "";
      const listed = $("listed").checked;
      const kinds = [...seats.querySelectorAll("select")].map((s) => s.value);
      if (!listed && kinds.includes("open")) {
        $("setup-error").textContent = tr("A seat for anyone from the lobby needs the table listed in the lobby.");
        return;
      }
      const standIn = $("stand-in").value;
      const body = {
        variant: variant.value,
        players: Number(players.value),
        seats: kinds,
        title: $("title").value,
        listed,
        grace: Number($("grace").value),
        stand_in: standIn || null,
        turn_time: $("turn-time").value ? Number($("turn-time").value) : null,
      };
      const file = $("profile").files[0];
      if (file) {
        if (file.size > 65536) { $("setup-error").textContent = tr("a profile is at most 64 KiB"); return; }
        body.profile = await file.text();
      }
      // in the page's language: a refused profile's problems are written in it
      const r = await send(`api/tables?lang=${encodeURIComponent(lang())}`, "POST", body);
      const got = await r.json();
      if (!r.ok) { $("setup-error").textContent = got.error; return; }
      const list = $("link-list");
      const said = el("p", null, { role: "status" });
      list.replaceChildren();
      const seatsOf = Object.keys(got.tokens).map(Number).sort((a, b) => a - b);
      for (const s of seatsOf) {
        list.append(linkRow(s === 0 ? tr("Your seat (seat 1)") : tr("Seat {n}, for your friend", { n: s + 1 }), link(got.table, got.tokens[s]), said));
      }
      list.append(linkRow(tr("Spectators"), link(got.table, got.spectator), said));
      list.after(said);
      $("links").hidden = false;
      // the maker sits at the first seat: straight to the table unless friends are
      // to be invited first (their links are on this page until then)
      if (seatsOf.length === 1) location.hash = `t=${got.table}&k=${got.tokens[seatsOf[0]]}`;
      else if (seatsOf.length) {
        const go = el("a", tr("Go to my seat"), { href: link(got.table, got.tokens[seatsOf[0]]), class: "go" });
        said.before(go);
      }
    });
  }

  ready.then(() => { lobby(); setup(); });
})();
