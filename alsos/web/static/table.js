// The web table's page: play a seat over a WebSocket (lobby.js makes the tables).
// The seat's secret token lives in the URL fragment (#t=TABLE&k=TOKEN), which the
// browser never sends to a server; it goes up only inside the first WebSocket message.
// Every word about the hand (the story, what each button does, why the settlement
// paid what it paid) comes from the server, written by alsos.words; the page only
// lays it out.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let cards = {};           // card code -> SVG picture (from /api/cards)
  let names = {};           // card code -> its name, the picture's label (/api/card-names)
  let table = null;         // the welcome frame's table
  let me = null;            // our seat
  let ply = 0;              // actions taken, as the last state said
  let hand = 1;             // the number of the hand in play (a session plays several)
  let session = null;       // the session's summary: its score sheet and state
  let over = false;         // whether the hand in play is over
  let socket = null;
  let retry = 0;
  let connected = false;
  let waiting = false;      // an action sent, its answer not yet come
  let myTurn = false;
  let showLast = false;     // the last trick shown on the table again
  let last = null;          // the last state frame
  let watchToken = null;    // the spectators' token, to invite spectators (a person's seat)
  let clockDue = null;      // when the person to act must have acted (Date.now()), if timed
  let graceFrom = 0;        // when the last table frame came (its grace seconds count from it)

  // The places around the table, from the bottom (this seat, or seat 0 for a
  // spectator) in the order of play: counter-clockwise, as pagat describes it.
  const PLACES = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };
  // How the groups of actions are headed.
  const GROUPS = {
    answer: "Answer", contract: "Contracts", bid: "Bid", announce: "Figures",
    kontra: "Kontra", declare: "Melds", discard: "Put away", play: "Play",
  };
  // Each phase of a hand by the header the story gives it (alsos.words.story).
  const PHASES = {
    "bidding": "Bidding", "front announcements": "Front announcements",
    "back announcements": "Back announcements", "siber": "Síber", "discard": "Discard",
    "play": "Play", "completion of announcements": "Completion of announcements",
    "meld validation": "Meld validation", "answer to a call": "Answer to a call",
  };
  const SUITS = { acorns: "acorns", hearts: "hearts", gourds: "gourds", leaves: "leaves" };
  const tr = (message, values) => window.Alsos.tr(message, values);

  function el(tag, text, attrs) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
  }
  function name(seat) {
    const s = table && table.seats[seat];
    return s ? s.name : tr("seat {seat}", { seat });
  }
  // a contract as the data writes it ("trump acorns", "no-trumps", "ulti, trump hearts"),
  // in the page's words
  function contractText(text) {
    if (text === null || text === undefined) return "";
    const m = /^(?:(.+), )?(trump (\w+)|no-trumps|betli|klopitzky)$/.exec(text);
    if (!m) return text;
    const game = m[3] ? tr("trump {suit}", { suit: tr(SUITS[m[3]] || m[3]) })
      : m[2] === "klopitzky" ? "Klopitzky" : tr(m[2]);
    return m[1] ? tr("{contract}, {game}", { contract: m[1], game }) : game;
  }
  // the table's own name (its maker's), then its rules
  function tableName() {
    const title = table.settings && table.settings.title;
    return title ? `${title} (${table.name})` : table.name;
  }
  // an item at stake by the label the data gives it: the basic game in words, a figure
  // by its profile's label
  function itemText(label) {
    return label === "game" ? tr("the game") : label;
  }
  function who(seat) {
    if (seat === null || seat === undefined) return tr("nobody");
    return seat === me ? tr("{player} (you)", { player: name(seat) }) : name(seat);
  }
  function cardNode(code, tag, label) {
    const node = el(tag || "span", null, { class: "card" });
    if (!tag || tag === "span") node.setAttribute("role", "img");
    if (cards[code]) node.innerHTML = cards[code];  // our own server's SVG, never a client's text
    else node.textContent = code;
    // the picture's letters are drawn, not read: the card is named by its label
    for (const svg of node.querySelectorAll("svg")) svg.setAttribute("aria-hidden", "true");
    if (tag === "button") {
      // named by its content (a hidden line of words), so the picture's drawn letters
      // and the name a screen reader reads are not two names for one button
      node.append(el("span", label || names[code] || code, { class: "visually-hidden" }));
    } else node.setAttribute("aria-label", label || names[code] || code);
    return node;
  }
  function fragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    return { t: p.get("t"), k: p.get("k") };
  }

  // ------------------------------------------------------------------ connection
  function connect() {
    const { t, k } = fragment();
    $("setup").hidden = true;
    $("table").hidden = false;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const base = location.pathname.replace(/[^/]*$/, "");  // the app may be mounted below /
    socket = new WebSocket(`${scheme}://${location.host}${base}ws/${encodeURIComponent(t)}`);
    socket.onopen = () => {
      retry = 0; connected = true;
      document.body.dataset.connected = "yes";
      socket.send(JSON.stringify({ type: "hello", token: k, lang: window.Alsos.lang() }));
    };
    socket.onmessage = (m) => receive(JSON.parse(m.data));
    socket.onclose = (e) => {
      connected = false;
      document.body.dataset.connected = "no";
      // 4429: a limit of the server's (too many connections); the reason says which
      $("status").textContent = e.code === 4429
        ? tr("The server refused the connection ({reason}): trying again...", { reason: e.reason })
        : tr("Connection lost: reconnecting... (your moves wait until it is back)");
      enableMoves();
      retry = Math.min(retry + 1, 10);
      setTimeout(connect, 500 * retry);
    };
  }

  // The session goes on at a new table (a rematch): the same token opens its seat.
  function rematched(id) {
    const target = `${location.pathname}#t=${id}&k=${fragment().k}`;
    const a = $("rematch-link");
    a.href = target; a.hidden = false;
    $("rematch").hidden = true;
    $("session-state").textContent = tr("A new session with the same people: moving to its table...");
    setTimeout(() => { location.hash = `t=${id}&k=${fragment().k}`; }, 1500);
  }

  // what a stand-in bot of this level does: "away: an Easy bot plays until they are back"
  const STANDIN = {
    easy: "away: an Easy bot plays until they are back",
    medium: "away: a Medium bot plays until they are back",
    hard: "away: a Hard bot plays until they are back",
    expert: "away: an Expert bot plays until they are back",
  };

  // the seconds left on a countdown that read `left` when its frame came
  function countdown(left, from) {
    const s = Math.max(0, Math.ceil(left - (Date.now() - from) / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  setInterval(() => {
    for (const node of document.querySelectorAll("[data-grace]")) {
      node.textContent = tr("away: a bot plays in {time}", { time: countdown(Number(node.dataset.grace), graceFrom) });
    }
    const clock = $("clock");
    if (clock && clockDue !== null) clock.textContent = countdown((clockDue - Date.now()) / 1000, Date.now());
  }, 1000);

  function receive(frame) {
    if (frame.type === "welcome") {
      table = frame.table; me = frame.seat;
      const role = me < 0 ? tr("spectator") : name(me);
      $("where").textContent = `${tableName()}: ${role}`;
      document.title = tr("Alsós: {role}", { role });
      document.body.dataset.role = me < 0 ? "spectator" : "seat";
      const people = table.seats.filter((s) => s.kind === "human").length;
      $("assist").hidden = me < 0;
      // a tournament's table (settings.boards) has neither: results are compared
      $("undo").hidden = $("hint").hidden = people > 1 || Boolean(table.settings && table.settings.boards);
      $("hand-box").hidden = me < 0;
      $("move-box").hidden = me < 0;
      const person = me >= 0 && table.seats[me] && table.seats[me].kind === "human";
      $("name-form").hidden = !person;
      if (person) {
        $("name").value = name(me);
        // a name chosen at an earlier table is offered again, once
        const kept = localStorage.getItem("alsos-name");
        if (kept && name(me) === tr("Player {n}", { n: me + 1 })) sendName(kept);
      }
      const rules = $("rules-link");
      rules.href = `api/tables/${encodeURIComponent(fragment().t)}/rules?lang=${encodeURIComponent(window.Alsos.lang())}`;
      rules.hidden = false;
      const cup = table.settings && table.settings.tournament;
      $("tournament-back").hidden = !cup;
      if (cup) $("tournament-back").href = `#tournament=${encodeURIComponent(cup)}`;
      watchToken = frame.watch || null;
      $("invite").hidden = me < 0;
      $("copy-watch").hidden = !watchToken;
      graceFrom = Date.now();
      showSheet(table.session, table.hand);
    } else if (frame.type === "table") {
      table = frame.table;
      graceFrom = Date.now();
      if (me >= 0 && document.activeElement !== $("name")) $("name").value = name(me);
      $("where").textContent = `${tableName()}: ${me < 0 ? tr("spectator") : name(me)}`;
      if (last) drawSeats(last.view);
      showNext();
      if (table.rematch) rematched(table.rematch);
    } else if (frame.type === "sheet") {
      showSheet(frame.session, frame.hand);
    } else if (frame.type === "state") {
      waiting = false;
      render(frame);
    } else if (frame.type === "refused" && frame.action === "name") {
      $("name-said").textContent = frame.reason;
    } else if (frame.type === "refused" || frame.type === "error") {
      waiting = false;
      enableMoves();
      $("refused").textContent = frame.reason;
    } else if (frame.type === "hint") {
      $("hint-text").textContent = frame.text;
    } else if (frame.type === "record") {
      download(frame.text, frame.whole ? "alsos-hand.txt" : `alsos-seat${me}.txt`);
    }
  }

  function sendName(text) {
    $("name-said").textContent = "";
    if (connected) socket.send(JSON.stringify({ type: "name", name: text }));
  }
  $("name-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("name").value.trim();
    if (!text) return;
    localStorage.setItem("alsos-name", text);
    sendName(text);
  });

  function send(action) {
    if (!connected || waiting) return;  // a double click, or no connection: nothing is lost
    waiting = true;
    enableMoves();
    $("refused").textContent = "";
    $("hint-text").textContent = "";
    socket.send(JSON.stringify({ type: "act", action: action, ply: ply, hand: hand }));
  }
  // The move buttons work only while connected and no action is on its way.
  function enableMoves() {
    const on = connected && !waiting;
    for (const b of document.querySelectorAll("#actions button, #hand button[data-action]")) b.disabled = !on;
  }

  function download(text, fileName) {
    const a = el("a", null, { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: fileName });
    document.body.append(a); a.click(); a.remove();
  }

  // ------------------------------------------------------------------ the table
  function render(frame) {
    last = frame;
    const v = frame.view;
    ply = frame.ply;
    document.body.dataset.ply = String(ply);
    const turn = v.to_act === null ? tr("The hand is over.") :
      v.to_act === me ? tr("Your turn.") : tr("{player} to act.", { player: who(v.to_act) });
    const wasMine = myTurn;
    myTurn = v.to_act === me && me >= 0;
    document.body.classList.toggle("my-turn", myTurn);
    if (myTurn && !wasMine && $("sound").checked) beep();
    const contract = !v.contract ? "" : " " + (v.declarer === null
      ? tr("Game: {contract}.", { contract: contractText(v.contract) })
      : tr("Game: {contract}, declared by {player}.", { contract: contractText(v.contract), player: who(v.declarer) }));
    const phase = v.to_act === null ? "" : ` (${phaseName(v.phase)})`;
    $("status").textContent = `${turn}${phase}${contract}`;
    clockDue = frame.clock === undefined ? null : Date.now() + frame.clock * 1000;
    if (clockDue !== null) {
      $("status").append(" " + tr("Time left:") + " ", el("span", countdown(frame.clock, Date.now()), { id: "clock" }),
        el("span", " " + tr("(then a bot moves once)"), { class: "help" }));
    }

    drawSeats(v);
    drawTrick(v);
    $("talon").replaceChildren(...v.talon_seen.map((c) => cardNode(c)));
    $("talon-box").hidden = !v.talon_seen.length;

    // the hand in the order a player holds it: playable cards are buttons, the rest dimmed
    const byCard = {};
    const others = [];
    for (const a of frame.actions) {
      if (a.card) byCard[a.card] = a; else others.push(a);
    }
    $("hand").replaceChildren(...frame.held.map((code) => {
      const a = byCard[code];
      const b = cardNode(code, "button", a ? a.label : tr("{card}, not playable now", { card: names[code] || code }));
      b.type = "button";
      if (a) {
        b.dataset.action = a.action;
        if (a.help) b.title = a.help;
        b.addEventListener("click", () => send(a.action));
      } else b.disabled = true;
      return b;
    }));
    $("unseen").textContent = v.unseen_count ? tr("and {n} cards not picked up yet", { n: v.unseen_count }) : "";

    // every other legal action, grouped by kind, each with what it does here
    const box = $("actions");
    box.replaceChildren();
    const groups = {};
    for (const a of others) (groups[a.group] = groups[a.group] || []).push(a);
    for (const [group, list] of Object.entries(groups)) {
      const fs = el("fieldset");
      fs.append(el("legend", GROUPS[group] ? tr(GROUPS[group]) : group));
      for (const a of list) {
        const row = el("div", null, { class: "choice" });
        const b = el("button", a.action, { type: "button", "aria-label": a.help ? `${a.label}: ${a.help}` : a.label });
        b.addEventListener("click", () => send(a.action));
        row.append(b);
        if (a.help) row.append(el("span", a.help, { class: "help" }));
        fs.append(row);
      }
      box.append(fs);
    }
    const cardsToPlay = frame.actions.some((a) => a.card);
    if (!frame.actions.length) box.append(el("p", v.to_act === null ? tr("The hand is over.") : tr("Waiting for {player}.", { player: who(v.to_act) })));
    else if (cardsToPlay && !others.length) box.append(el("p", tr("Click a card of your hand."), { class: "help" }));
    else if (cardsToPlay) box.prepend(el("p", tr("Click a card of your hand to play it, or first say one of these."), { class: "help" }));
    enableMoves();

    $("items").replaceChildren(...v.items.map((i) => el("li", i.level
      ? tr("{item} ({player}): {value}, kontra level {level}", { item: itemText(i.label), player: who(i.seat), value: i.value, level: i.level })
      : tr("{item} ({player}): {value}", { item: itemText(i.label), player: who(i.seat), value: i.value }))));
    $("tricks-won").textContent = tr("Tricks won: {tricks}", { tricks: v.tricks_won
      .map((n, s) => (n === null ? null : `${who(s)} ${n}`)).filter((x) => x !== null).join(", ") });
    drawStory(frame.story);

    const st = frame.settlement;
    over = Boolean(st);
    $("undo").hidden = $("hint").hidden = over || (table && (table.seats.filter((s) => s.kind === "human").length > 1 || Boolean(table.settings && table.settings.boards)));
    if (over) $("hint-text").textContent = "";
    if (session) showSheet(session, hand); else showNext();
    $("settlement-box").hidden = !st;
    if (st) showSettlement(st, frame.explained);
    const viewer = $("viewer");
    viewer.hidden = !st;
    const inLang = `lang=${encodeURIComponent(window.Alsos.lang())}`;
    if (st) viewer.href = `api/tables/${encodeURIComponent(fragment().t)}/viewer?${inLang}`;
    const analysed = $("analysis");
    analysed.hidden = !st;
    if (st) analysed.href = `${viewer.href}&analysis=1`;
    const puzzles = $("puzzles-link");
    puzzles.hidden = !st;
    if (st) puzzles.href = `#puzzles=${encodeURIComponent(fragment().t)}&hand=${hand}`;
    if (frame.record) $("record-text").textContent = frame.record;
  }

  function phaseName(phase) {
    return PHASES[phase] ? tr(PHASES[phase]) : phase;
  }

  function placeOf(seat) {
    const n = table.players;
    const base = me >= 0 ? me : 0;
    return PLACES[n][(seat - base + n) % n];
  }

  // each seat around the table: its name, dealer, declarer and its game, tricks won
  function drawSeats(v) {
    const felt = $("felt");
    const dealer = last ? last.dealer : table.dealer;
    for (const old of felt.querySelectorAll(".seat")) old.remove();
    felt.dataset.players = String(table.players);
    for (let s = 0; s < table.players; s++) {
      const out = v.tricks_won[s] === null || v.tricks_won[s] === undefined;
      const box = el("div", null, { class: `seat ${placeOf(s)}`, "data-seat": String(s) });
      if (s === v.to_act) box.classList.add("to-act");
      if (s === me) box.classList.add("me");
      box.append(el("div", who(s), { class: "name" }));
      const tags = el("div", null, { class: "tags" });
      if (s === dealer) tags.append(el("span", out ? tr("dealer, sits out") : tr("dealer"), { class: "tag" }));
      if (s === v.declarer && v.contract) tags.append(el("span", tr("declarer: {contract}", { contract: contractText(v.contract) }), { class: "tag declarer" }));
      if (!out) tags.append(el("span", v.tricks_won[s] === 1 ? tr("1 trick") : tr("{n} tricks", { n: v.tricks_won[s] }), { class: "tag" }));
      if (s === v.to_act) tags.append(el("span", s === me ? tr("your turn") : tr("to act"), { class: "tag turn" }));
      const facts = table.seats[s] || {};
      if (facts.free) tags.append(el("span", tr("free seat: waiting for a player from the lobby"), { class: "tag away" }));
      else if (facts.standin) tags.append(el("span", tr(STANDIN[facts.standin] || "away: a bot plays until they are back"), { class: "tag away" }));
      else if (facts.grace !== undefined) tags.append(el("span", tr("away: a bot plays in {time}", { time: countdown(facts.grace, graceFrom) }), { class: "tag away", "data-grace": String(facts.grace) }));
      else if (facts.kind === "human" && !facts.here) tags.append(el("span", tr("away"), { class: "tag away" }));
      box.append(tags);
      felt.append(box);
    }
  }

  // the trick on the table, each card in front of the seat that played it; the last
  // trick stays until the next lead, and can be shown again
  function drawTrick(v) {
    const done = v.tricks || [];
    const lastTrick = done.length ? done[done.length - 1] : null;
    let shown = v.trick, caption = "";
    if (showLast && lastTrick) {
      shown = lastTrick.cards;
      caption = tr("Trick {n}, won by {player}", { n: lastTrick.number, player: who(lastTrick.winner) });
    } else if (!v.trick.length && lastTrick) {
      shown = lastTrick.cards;
      caption = tr("Trick {n}, won by {player}", { n: lastTrick.number, player: who(lastTrick.winner) });
    }
    $("trick").replaceChildren(...shown.map(([seat, code]) => {
      const box = el("figure", null, { class: `played ${placeOf(seat)}` });
      box.append(cardNode(code, "span", tr("{player}: {card}", { player: who(seat), card: names[code] || code })));
      box.append(el("figcaption", who(seat)));
      return box;
    }));
    $("trick-caption").textContent = caption;
    const button = $("last-trick");
    button.hidden = !lastTrick;  // there from the first trick won on, so it never jumps
    button.textContent = showLast ? tr("Back to the trick in play") : tr("Show the last trick");
    button.setAttribute("aria-pressed", String(showLast));
  }
  $("last-trick").addEventListener("click", () => {
    showLast = !showLast;
    if (last) drawTrick(last.view);
  });

  // the hand so far, in words and card pictures, a group for each part of the hand
  function drawStory(lines) {
    const box = $("history");
    box.replaceChildren();
    let list = null;
    for (const line of lines || []) {
      if (line.style === "header") {
        const head = el("h4", line.title);
        if (line.parts.length) head.append(el("span", " " + line.parts.map(partText).join(""), { class: "note" }));
        box.append(head);
        list = el("ul");
        box.append(list);
        continue;
      }
      if (!list) { list = el("ul"); box.append(list); }
      const li = el("li", null, { class: `${line.style} depth${line.depth}` });
      for (const p of line.parts) {
        if (p.card) li.append(cardNode(p.card));
        else if (p.strong) li.append(el("strong", p.strong));
        else li.append(document.createTextNode(p.text));
      }
      list.append(li);
    }
    box.scrollTop = box.scrollHeight;
  }
  function partText(p) { return p.card || p.strong || p.text || ""; }

  function showSettlement(st, explained) {
    const out = $("settlement");
    out.replaceChildren();
    const why = el("ul", null, { class: "explained" });
    for (const line of explained || []) why.append(el("li", line.text, { class: `depth${line.depth}` }));
    out.append(why);
    if ((st.entries || []).length) {
      const t = el("table");
      const head = el("tr");
      for (const h of ["item", "announced by", "made", "value"]) head.append(el("th", tr(h), { scope: "col" }));
      t.append(head);
      for (const e of st.entries) {
        const row = el("tr");
        for (const x of [itemText(e.label), e.seat === null ? "" : who(e.seat), e.made ? tr("yes") : tr("no"), e.value]) row.append(el("td", x));
        t.append(row);
      }
      const scroll = el("div", null, { class: "scroll", tabindex: "0", role: "region", "aria-label": tr("the items settled") });
      scroll.append(t);
      out.append(scroll);
    }
    if (st.payments) {
      const pay = Array.isArray(st.payments) ? st.payments.map((p, s) => [s, p]) : Object.entries(st.payments);
      out.append(el("p", tr("Payments: {payments}", { payments: pay.filter(([, p]) => p !== null).map(([s, p]) => `${who(Number(s))} ${p > 0 ? "+" : ""}${p}`).join(", ") })));
    }
  }

  // the session: every finished hand's score per seat with the running totals,
  // what the session keeps (rubber, rádli, a number of deals), and its end
  function showSheet(s, number) {
    session = s; hand = number;
    document.body.dataset.hand = String(hand);
    const seats = s.scores.map((_, i) => i);
    const head = el("tr");
    for (const h of ["hand", "dealer", "game"]) head.append(el("th", tr(h), { scope: "col" }));
    for (const i of seats) head.append(el("th", who(i), { scope: "col" }));
    $("sheet").tHead.replaceChildren(head);
    $("sheet").tBodies[0].replaceChildren(...s.sheet.map((line) => {
      const row = el("tr");
      row.append(el("td", line.hand), el("td", who(line.dealer)),
        el("td", line.contract === null ? tr("thrown in") : line.declarer === null ? contractText(line.contract)
          : tr("{contract} ({player})", { contract: contractText(line.contract), player: who(line.declarer) })));
      for (const i of seats) {
        const bonus = line.bonus[i] ? " " + tr("+{n} bonus", { n: line.bonus[i] }) : "";
        row.append(el("td", `${signed(line.written[i])}${bonus} = ${line.totals[i]}`));
      }
      return row;
    }));
    const parts = [];
    if (s.kind === "deals") parts.push(tr("{left} of {deals} deals left", { left: s.left, deals: s.deals }));
    else if (s.kind === "radli") parts.push(tr("Rádli to {target}, bonus {prize}", { target: s.target, prize: s.prize }));
    else parts.push(tr("Rubber to {target}, bonus {prize}", { target: s.target, prize: s.prize }));
    if (s.declared) parts.push(tr("declared: {counts}", { counts: s.declared.map((n, i) => `${who(i)} ${n}/${s.declare_limit}`).join(", ") }));
    if (s.over) {
      parts.push(s.winner === null || s.winner === undefined ? tr("the session is over")
        : tr("the session is over: {player} won", { player: who(s.winner) }));
      parts.push(tr("result: {results}", { results: s.result.map((r, i) => `${who(i)} ${signed(r)}`).join(", ") }));
    } else {
      // the session passes the deal on as soon as a hand is over
      parts.push(over ? tr("hand {hand}; next dealer {player}", { hand, player: who(s.dealer) })
        : tr("hand {hand}; dealer {player}", { hand, player: who(s.dealer) }));
    }
    $("session-state").textContent = parts.join("; ") + ".";
    showNext();
  }
  function signed(n) { return `${n > 0 ? "+" : ""}${n}`; }
  function showNext() {
    const people = table ? table.seats.some((x) => x.seat === me && x.kind === "human") : false;
    $("next-hand").hidden = !(over && people && session && !session.over);
    $("rematch").hidden = !(people && session && session.over && !(table && (table.rematch || table.settings.boards)));
  }
  $("rematch").addEventListener("click", () => {
    if (connected) socket.send(JSON.stringify({ type: "rematch" }));
  });
  $("copy-watch").addEventListener("click", () => {
    window.Alsos.copy(window.Alsos.link(fragment().t, watchToken), $("copied"));
  });
  $("copy-seat").addEventListener("click", () => {
    window.Alsos.copy(location.href, $("copied"));
  });
  $("next-hand").addEventListener("click", () => {
    $("refused").textContent = "";
    showLast = false;
    socket.send(JSON.stringify({ type: "next", hand: hand }));
  });

  // a short tone when it becomes this seat's turn (off unless asked for; remembered)
  function beep() {
    try {
      const ctx = new AudioContext();
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.frequency.value = 660; gain.gain.value = 0.05;
      osc.connect(gain); gain.connect(ctx.destination);
      osc.start(); osc.stop(ctx.currentTime + 0.15);
    } catch (e) { /* no audio: the cue on the page is enough */ }
  }
  $("sound").checked = localStorage.getItem("alsos-sound") === "on";
  $("sound").addEventListener("change", () => localStorage.setItem("alsos-sound", $("sound").checked ? "on" : "off"));

  $("undo").addEventListener("click", () => socket.send(JSON.stringify({ type: "undo", ply: ply })));
  $("hint").addEventListener("click", () => { $("hint-text").textContent = tr("Thinking..."); socket.send(JSON.stringify({ type: "hint" })); });
  $("record").addEventListener("click", () => socket.send(JSON.stringify({ type: "record" })));

  async function start() {
    if (!(fragment().t && fragment().k)) return;  // the front page: lobby.js
    await window.Alsos.ready;  // the page's words
    cards = await (await fetch("api/cards")).json();
    names = await (await fetch(`api/card-names?lang=${encodeURIComponent(window.Alsos.lang())}`)).json();
    connect();
  }
  window.addEventListener("hashchange", () => location.reload());
  start();
})();
